import { graphql, type PageProps } from "gatsby"
import React from "react"
import { Layout } from "../components/layout/layout"
import { headFromCopy } from "../components/page-head"
import { Button } from "../components/ui/button"
import { readCopy, type PageContext } from "../content/locales"
import { Link } from "../i18n/link"

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
    <Layout withContactBand={false}>
      <section className="bg-gradient-to-b from-brand-50 to-white dark:from-slate-900 dark:to-slate-950">
        <div
          className="mx-auto max-w-3xl px-4 py-20 sm:px-6 sm:py-28"
          data-testid={`form-result-${pageContext.ns}`}
        >
          <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
            {content.title}
          </h1>
          <p className="mt-6 text-lg text-slate-700 sm:text-xl dark:text-slate-300">
            {content.lead}
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to={content.home.to}>{content.home.label}</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={content.again.to}>{content.again.label}</Link>
            </Button>
          </div>
        </div>
      </section>
    </Layout>
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
