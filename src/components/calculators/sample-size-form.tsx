import React from "react"
import { useTranslation } from "react-i18next"
import { sampleSizeCases } from "../../../content-kit/estimate/common-cases"
import { sampleSize } from "../../../content-kit/estimate/sample"
import { useLanguage } from "../../i18n/language-context"
import { CalculatorResult } from "./calculator-result"
import { CasesTables } from "./cases-table"
import { ConfidenceField, confidenceOf } from "./confidence-field"
import { fieldsOf, NumberField } from "./number-field"
import { formatNumber, formatPercent, readNumber, readShare, required } from "./typed-number"
import { useQueryState } from "./use-query-state"

const defaults = { confidence: "95", margin: "5", proportion: "50", population: "" }

/** The completes a proportion needs for a margin of error: live, from the page's query. */
export function SampleSizeForm() {
  const { t } = useTranslation("calculators")
  const { language } = useLanguage()
  const [values, set] = useQueryState(defaults)
  const result = sampleSize({
    confidence: confidenceOf(values.confidence),
    margin: required(readShare(values.margin)),
    proportion: readShare(values.proportion),
    population: readNumber(values.population),
  })
  const field = fieldsOf(values, set, result.ok ? {} : result.errors)
  return (
    <form className="space-y-4" onSubmit={(event) => event.preventDefault()}>
      <ConfidenceField value={values.confidence} onChange={(value) => set("confidence", value)} />
      <NumberField {...field("margin")} />
      <NumberField {...field("proportion")} />
      <NumberField {...field("population")} whole />
      <CalculatorResult
        label={t("sampleSize.result")}
        value={result.ok ? formatNumber(language, result.value) : undefined}
      />
    </form>
  )
}

/** Sample sizes for 1-10 % margins, unlimited and in populations of 100,000, 10,000 and 1,000. */
export function SampleSizeCases() {
  const { language } = useLanguage()
  return (
    <CasesTables
      calculator="sampleSize"
      tables={sampleSizeCases()}
      formatKey={(margin) => `± ${formatPercent(language, margin, 0)}`}
      formatValue={(size) => formatNumber(language, size)}
    />
  )
}
