import { graphql, type HeadProps, type PageProps } from "gatsby"
import React, { useEffect, useState } from "react"
import { Layout } from "../components/layout/layout"
import { Seo } from "../components/seo"
import { Button } from "../components/ui/button"
import { brandName, localeNodes, pageLanguage, type PageContext } from "../content/locales"
import { type NewsletterStatusContent, readNamespace } from "../content/page-content"
import { Link } from "../i18n/link"

/**
 * Where the newsletter's links land (confirm, unsubscribe): the server has already done what
 * the link asked and redirected here, with `?status=unknown` when the link was unknown.
 */
export default function NewsletterStatusTemplate({ data, pageContext, location }: PageProps<Queries.NewsletterStatusPageQuery, PageContext>) {
  const content = readNamespace<NewsletterStatusContent>(localeNodes(data.locales), pageContext.ns, pageLanguage(pageContext))
  // The query string is only known in the browser; the prerendered page shows the usual case.
  const [unknown, setUnknown] = useState(false)
  useEffect(() => setUnknown(new URLSearchParams(location.search).get("status") === "unknown"), [location.search])
  const shown = unknown ? content.unknown : content.done
  return (
    <Layout withContactBand={false}>
      <section className="bg-gradient-to-b from-brand-50 to-white dark:from-slate-900 dark:to-slate-950">
        <div className="mx-auto max-w-3xl px-4 py-20 sm:px-6 sm:py-28" data-testid={unknown ? "newsletter-status-unknown" : "newsletter-status-done"}>
          <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">{shown.title}</h1>
          <p className="mt-6 text-lg text-slate-700 sm:text-xl dark:text-slate-300">{shown.lead}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to={content.home.to}>{content.home.label}</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={content.privacy.to}>{content.privacy.label}</Link>
            </Button>
          </div>
        </div>
      </section>
    </Layout>
  )
}

export function Head({ data, pageContext }: HeadProps<Queries.NewsletterStatusPageQuery, PageContext>) {
  const nodes = localeNodes(data.locales)
  const language = pageLanguage(pageContext)
  const { meta } = readNamespace<NewsletterStatusContent>(nodes, pageContext.ns, language)
  return <Seo language={language} path={pageContext.i18n.originalPath} title={meta.title} description={meta.description} brand={brandName(nodes, language)} noindex />
}

export const query = graphql`
  query NewsletterStatusPage($language: String!, $ns: String!) {
    locales: allLocale(filter: { ns: { in: ["common", $ns] }, language: { in: [$language, "fr"] } }) {
      ...LocaleNodes
    }
  }
`
