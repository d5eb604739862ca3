import { Monitor, Moon, Sun } from "lucide-react"
import React from "react"
import { useTranslation } from "react-i18next"
import { themes, type Theme } from "../../theme/theme"
import { useTheme } from "../../theme/theme-provider"
import { SegmentedControl } from "../ui/segmented-control"

const themeIcons: Record<Theme, typeof Sun> = { light: Sun, dark: Moon, system: Monitor }

/** Light, dark or system, as three toggle buttons; the pressed one is the saved choice. */
export function ThemeSwitch({ className }: { className?: string }) {
  const { t } = useTranslation("common")
  const { theme, setTheme } = useTheme()
  return (
    <SegmentedControl
      label={t("theme.label")}
      value={theme}
      onChange={setTheme}
      size="icon"
      className={className}
      options={themes.map((option) => {
        const IconComponent = themeIcons[option]
        return { value: option, label: t(`theme.${option}`), children: <IconComponent aria-hidden="true" className="size-4" /> }
      })}
    />
  )
}
