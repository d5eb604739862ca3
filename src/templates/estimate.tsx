import { graphql, type PageProps } from "gatsby"
import React from "react"
import type { RateCard } from "../../content-kit/schema/rate-card"
import { PanelEstimatePage } from "../components/estimate/panel-estimate-page"
import { headFromCopy } from "../components/page-head"
import { readCopy, type PageContext } from "../content/locales"

/** The page carries the rate card it computes with, and its version (src/node/create-pages.ts). */
type Context = PageContext & { rateCard: RateCard; rateCardVersion: string }

/** The panel study estimate (docs/ESTIMATES.md): a tool's page, with a chunk of its own. */
export default function EstimateTemplate({
  data,
  pageContext,
}: PageProps<Queries.EstimatePageQuery, Context>) {
  const content = readCopy(data.locales, pageContext, "estimate")
  return (
    <PanelEstimatePage
      content={content}
      card={pageContext.rateCard}
      version={pageContext.rateCardVersion}
    />
  )
}

export const Head = headFromCopy("estimate")

export const query = graphql`
  query EstimatePage($language: String!, $ns: String!) {
    locales: allLocale(
      filter: { ns: { in: ["common", $ns, "estimate"] }, language: { in: [$language, "fr"] } }
    ) {
      ...LocaleNodes
    }
  }
`
