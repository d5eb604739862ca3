import { graphql, type PageProps } from "gatsby"
import React from "react"
import { CalculatorPage } from "../components/calculators/calculator-page"
import { SampleSizeCases, SampleSizeForm } from "../components/calculators/sample-size-form"
import { headFromCopy } from "../components/page-head"
import { readCopy, type PageContext } from "../content/locales"

export default function SampleSizeTemplate({
  data,
  pageContext,
}: PageProps<Queries.SampleSizePageQuery, PageContext>) {
  const content = readCopy(data.locales, pageContext, "sample-size")
  return <CalculatorPage content={content} form={<SampleSizeForm />} cases={<SampleSizeCases />} />
}

export const Head = headFromCopy("sample-size")

export const query = graphql`
  query SampleSizePage($language: String!, $ns: String!) {
    locales: allLocale(
      filter: { ns: { in: ["common", $ns, "calculators"] }, language: { in: [$language, "fr"] } }
    ) {
      ...LocaleNodes
    }
  }
`
