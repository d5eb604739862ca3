import React from "react"
import { useTranslation } from "react-i18next"
import { useLanguage } from "../../i18n/language-context"
import { languageNames, languages } from "../../i18n/languages"
import { cn } from "../ui/cn"

/** fr, en, de; choosing one saves it and opens the same page in that language. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation("common")
  const { language, setLanguage } = useLanguage()
  return (
    <div role="group" aria-label={t("language.label")} className={cn("inline-flex rounded-lg border border-slate-300 p-0.5 dark:border-slate-600", className)}>
      {languages.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          aria-pressed={language === option}
          title={languageNames[option]}
          onClick={() => setLanguage(option)}
          className="inline-flex h-8 min-w-9 items-center justify-center rounded-md px-2 text-xs font-semibold uppercase text-slate-700 hover:bg-slate-100 aria-pressed:bg-brand-600 aria-pressed:text-white dark:text-slate-200 dark:hover:bg-slate-800 dark:aria-pressed:bg-brand-600"
        >
          <span aria-hidden="true">{option}</span>
          <span className="sr-only">{languageNames[option]}</span>
        </button>
      ))}
    </div>
  )
}
