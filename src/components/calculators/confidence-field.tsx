import React, { useId } from "react"
import { useTranslation } from "react-i18next"
import { confidenceLevels } from "../../../content-kit/estimate/normal"
import { useLanguage } from "../../i18n/language-context"
import { formatPercent } from "./typed-number"

/** The level as the query holds it, "95"; any other text is read as the default 95 %. */
export function confidenceOf(text: string): number {
  return confidenceLevels.find((level) => String(level * 100) === text) ?? 0.95
}

/** The three levels the calculators offer, as radio buttons side by side. */
export function ConfidenceField({
  value,
  onChange,
}: {
  value: string
  onChange: (value: string) => void
}) {
  const { t } = useTranslation("calculators")
  const { language } = useLanguage()
  const name = useId()
  const chosen = confidenceOf(value)
  return (
    <fieldset>
      <legend className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
        {t("fields.confidence.label")}
      </legend>
      <div className="grid grid-cols-3 gap-2">
        {confidenceLevels.map((level) => (
          <label
            key={level}
            className={
              "flex cursor-pointer items-center justify-center gap-2 rounded-lg border " +
              "border-slate-300 px-3 py-2 text-base has-[:checked]:border-brand-600 " +
              "has-[:checked]:bg-brand-50 has-[:checked]:font-semibold dark:border-slate-600 " +
              "dark:has-[:checked]:border-brand-400 dark:has-[:checked]:bg-slate-800"
            }
          >
            <input
              type="radio"
              name={name}
              value={String(level * 100)}
              checked={level === chosen}
              onChange={(event) => onChange(event.target.value)}
              className="accent-brand-600"
            />
            {formatPercent(language, level, 0)}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
