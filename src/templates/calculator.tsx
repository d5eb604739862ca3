import { graphql, type PageProps } from "gatsby"
import React from "react"
import { CalculatorPage } from "../components/calculators/calculator-page"
import { MarginCases, MarginForm } from "../components/calculators/margin-form"
import { NpsCases, NpsForm } from "../components/calculators/nps-form"
import { SampleSizeCases, SampleSizeForm } from "../components/calculators/sample-size-form"
import { headFromCopy } from "../components/page-head"
import { readCopy, type PageContext } from "../content/locales"

// One template for the three calculators, picked by the page's copy namespace: each template
// is one more entry in every page's loader, and the three forms together are small.
const calculators: Record<string, { form: React.ReactElement; cases: React.ReactElement }> = {
  "sample-size": { form: <SampleSizeForm />, cases: <SampleSizeCases /> },
  "margin-of-error": { form: <MarginForm />, cases: <MarginCases /> },
  "nps-calculator": { form: <NpsForm />, cases: <NpsCases /> },
}

export default function CalculatorTemplate({
  data,
  pageContext,
}: PageProps<Queries.CalculatorPageQuery, PageContext>) {
  const content = readCopy(data.locales, pageContext, "calculator")
  const { form, cases } = calculators[pageContext.ns]
  return <CalculatorPage content={content} form={form} cases={cases} />
}

export const Head = headFromCopy("calculator")

export const query = graphql`
  query CalculatorPage($language: String!, $ns: String!) {
    locales: allLocale(
      filter: { ns: { in: ["common", $ns, "calculators"] }, language: { in: [$language, "fr"] } }
    ) {
      ...LocaleNodes
    }
  }
`
