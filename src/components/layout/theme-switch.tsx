import { Monitor, Moon, Sun } from "lucide-react"
import React from "react"
import { useTranslation } from "react-i18next"
import { useTheme } from "../../theme/theme-provider"
import { themes, type Theme } from "../../theme/theme"
import { cn } from "../ui/cn"

const themeIcons: Record<Theme, typeof Sun> = { light: Sun, dark: Moon, system: Monitor }

/** Light, dark or system, as three toggle buttons; the pressed one is the saved choice. */
export function ThemeSwitch({ className }: { className?: string }) {
  const { t } = useTranslation("common")
  const { theme, setTheme } = useTheme()
  return (
    <div role="group" aria-label={t("theme.label")} className={cn("inline-flex rounded-lg border border-slate-300 p-0.5 dark:border-slate-600", className)}>
      {themes.map((option) => {
        const IconComponent = themeIcons[option]
        return (
          <button
            key={option}
            type="button"
            aria-pressed={theme === option}
            title={t(`theme.${option}`)}
            onClick={() => setTheme(option)}
            className="inline-flex size-8 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 aria-pressed:bg-brand-600 aria-pressed:text-white dark:text-slate-200 dark:hover:bg-slate-800 dark:aria-pressed:bg-brand-600"
          >
            <IconComponent aria-hidden="true" className="size-4" />
            <span className="sr-only">{t(`theme.${option}`)}</span>
          </button>
        )
      })}
    </div>
  )
}
