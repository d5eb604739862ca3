import { graphql, type PageProps } from "gatsby"
import React from "react"
import { CalculatorPage } from "../components/calculators/calculator-page"
import { MarginCases, MarginForm } from "../components/calculators/margin-form"
import { headFromCopy } from "../components/page-head"
import { readCopy, type PageContext } from "../content/locales"

export default function MarginOfErrorTemplate({
  data,
  pageContext,
}: PageProps<Queries.MarginOfErrorPageQuery, PageContext>) {
  const content = readCopy(data.locales, pageContext, "margin-of-error")
  return <CalculatorPage content={content} form={<MarginForm />} cases={<MarginCases />} />
}

export const Head = headFromCopy("margin-of-error")

export const query = graphql`
  query MarginOfErrorPage($language: String!, $ns: String!) {
    locales: allLocale(
      filter: { ns: { in: ["common", $ns, "calculators"] }, language: { in: [$language, "fr"] } }
    ) {
      ...LocaleNodes
    }
  }
`
