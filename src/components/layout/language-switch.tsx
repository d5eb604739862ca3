import React from "react"
import { useTranslation } from "react-i18next"
import { useLanguage } from "../../i18n/language-context"
import { languageNames, languages } from "../../i18n/languages"
import { SegmentedControl } from "../ui/segmented-control"

/** fr, en, de; choosing one saves it and opens the same page in that language. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation("common")
  const { language, setLanguage } = useLanguage()
  return (
    <SegmentedControl
      label={t("language.label")}
      value={language}
      onChange={setLanguage}
      size="text"
      className={className}
      options={languages.map((option) => ({
        value: option,
        label: languageNames[option],
        lang: option,
        children: <span aria-hidden="true">{option}</span>,
      }))}
    />
  )
}
