import { graphql, type PageProps } from "gatsby"
import React from "react"
import { CalculatorPage } from "../components/calculators/calculator-page"
import { NpsCases, NpsForm } from "../components/calculators/nps-form"
import { headFromCopy } from "../components/page-head"
import { readCopy, type PageContext } from "../content/locales"

export default function NpsTemplate({
  data,
  pageContext,
}: PageProps<Queries.NpsPageQuery, PageContext>) {
  const content = readCopy(data.locales, pageContext, "nps")
  return <CalculatorPage content={content} form={<NpsForm />} cases={<NpsCases />} />
}

export const Head = headFromCopy("nps")

export const query = graphql`
  query NpsPage($language: String!, $ns: String!) {
    locales: allLocale(
      filter: { ns: { in: ["common", $ns, "calculators"] }, language: { in: [$language, "fr"] } }
    ) {
      ...LocaleNodes
    }
  }
`
