import React from "react"
import { useTranslation } from "react-i18next"
import { npsCases } from "../../../content-kit/estimate/common-cases"
import { nps } from "../../../content-kit/estimate/nps"
import { useLanguage } from "../../i18n/language-context"
import { CalculatorResult } from "./calculator-result"
import { CasesTables } from "./cases-table"
import { ConfidenceField, confidenceOf } from "./confidence-field"
import { fieldsOf, NumberField } from "./number-field"
import { formatMargin, formatNumber, readNumber, required } from "./typed-number"
import { useQueryState } from "./use-query-state"

const defaults = { promoters: "50", passives: "30", detractors: "20", confidence: "95" }
const counts = ["promoters", "passives", "detractors"] as const

/** The Net Promoter Score of counted answers and its margin: live, from the page's query. */
export function NpsForm() {
  const { t } = useTranslation("calculators")
  const { language } = useLanguage()
  const [values, set] = useQueryState(defaults)
  const result = nps({
    promoters: required(readNumber(values.promoters)),
    passives: required(readNumber(values.passives)),
    detractors: required(readNumber(values.detractors)),
    confidence: confidenceOf(values.confidence),
  })
  const errors = result.ok ? {} : result.errors
  const field = fieldsOf(values, set, errors)
  const score = (value: number) => formatNumber(language, value, 1)
  return (
    <form className="space-y-4" onSubmit={(event) => event.preventDefault()}>
      {counts.map((name) => (
        <NumberField
          key={name}
          {...field(name)}
          whole
          // No answers at all is said next to the first count.
          error={errors[name] ?? (name === "promoters" ? errors.responses : undefined)}
        />
      ))}
      <ConfidenceField value={values.confidence} onChange={(value) => set("confidence", value)} />
      <CalculatorResult
        label={t("nps.result")}
        value={
          result.ok ? `${score(result.value.score)} ± ${score(result.value.margin)}` : undefined
        }
        detail={
          result.ok
            ? t("nps.detail", { responses: formatNumber(language, result.value.responses) })
            : undefined
        }
      />
    </form>
  )
}

/** NPS margins for 50 to 2,000 answers split 50/30/20. */
export function NpsCases() {
  const { language } = useLanguage()
  return (
    <CasesTables
      calculator="nps"
      tables={[npsCases()]}
      formatKey={(responses) => formatNumber(language, responses)}
      formatValue={(margin) => formatMargin(language, margin)}
    />
  )
}
