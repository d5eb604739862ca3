import React from "react"
import { useTranslation } from "react-i18next"
import { marginCases } from "../../../content-kit/estimate/common-cases"
import { marginOfError } from "../../../content-kit/estimate/sample"
import { useLanguage } from "../../i18n/language-context"
import { CalculatorResult } from "./calculator-result"
import { CasesTables } from "./cases-table"
import { ConfidenceField, confidenceOf } from "./confidence-field"
import { fieldsOf, NumberField } from "./number-field"
import { formatNumber, formatPercent, readNumber, readShare, required } from "./typed-number"
import { useQueryState } from "./use-query-state"

const defaults = { confidence: "95", sample: "400", proportion: "50", population: "" }

/** The margin of error of a proportion measured on a sample: live, from the page's query. */
export function MarginForm() {
  const { t } = useTranslation("calculators")
  const { language } = useLanguage()
  const [values, set] = useQueryState(defaults)
  const result = marginOfError({
    confidence: confidenceOf(values.confidence),
    sample: required(readNumber(values.sample)),
    proportion: readShare(values.proportion),
    population: readNumber(values.population),
  })
  const field = fieldsOf(values, set, result.ok ? {} : result.errors)
  return (
    <form className="space-y-4" onSubmit={(event) => event.preventDefault()}>
      <ConfidenceField value={values.confidence} onChange={(value) => set("confidence", value)} />
      <NumberField {...field("sample")} whole />
      <NumberField {...field("proportion")} />
      <NumberField {...field("population")} whole />
      <CalculatorResult
        label={t("margin.result")}
        value={result.ok ? `± ${formatPercent(language, result.value)}` : undefined}
      />
    </form>
  )
}

/** Margins for 50 to 2,000 answers, unlimited and in populations of 100,000, 10,000 and 1,000. */
export function MarginCases() {
  const { language } = useLanguage()
  return (
    <CasesTables
      calculator="margin"
      tables={marginCases()}
      formatKey={(sample) => formatNumber(language, sample)}
      formatValue={(margin) => `± ${formatPercent(language, margin)}`}
    />
  )
}
