import { graphql, type PageProps } from "gatsby"
import React from "react"
import { StatusPage } from "../components/layout/status-page"
import { headFromCopy } from "../components/page-head"
import { readCopy, type PageContext } from "../content/locales"

/**
 * Where a form posted without JavaScript lands once the server has taken it (a 303 from
 * server/routes/form-posts.ts): a plain page that says it worked, with nothing personal in
 * its URL. Failures never land here: the server re-renders the form's page with the error.
 */
export default function FormResultTemplate({
  data,
  pageContext,
}: PageProps<Queries.FormResultPageQuery, PageContext>) {
  const content = readCopy(data.locales, pageContext, "form-result")
  return (
    <StatusPage
      testId={`form-result-${pageContext.ns}`}
      title={content.title}
      lead={content.lead}
      home={content.home}
      other={content.again}
    />
  )
}

export const Head = headFromCopy("form-result", true)

export const query = graphql`
  query FormResultPage($language: String!, $ns: String!) {
    locales: allLocale(
      filter: { ns: { in: ["common", $ns] }, language: { in: [$language, "fr"] } }
    ) {
      ...LocaleNodes
    }
  }
`
