import React from "react"
import { useTranslation } from "react-i18next"
import type { IconName } from "../../../content-kit/icon-names"
import { themes, type Theme } from "../../theme/theme"
import { useTheme } from "../../theme/use-theme"
import { Icon } from "../ui/icon"
import { SegmentedControl } from "../ui/segmented-control"

const themeIcons: Record<Theme, IconName> = { light: "sun", dark: "moon", system: "monitor" }

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
        return {
          value: option,
          label: t(`theme.${option}`),
          children: <Icon name={themeIcons[option]} className="size-4" />,
        }
      })}
    />
  )
}
