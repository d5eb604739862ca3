import { graphql, type HeadProps, type PageProps } from "gatsby"
import React from "react"
import { Layout } from "../components/layout/layout"
import { Hero } from "../components/sections/hero"
import { SectionView } from "../components/sections/section-view"
import { Seo } from "../components/seo"
import { brandName, localeNodes, pageLanguage, type PageContext } from "../content/locales"
import { readNamespace, type PageContent } from "../content/page-content"
import { pageBreadcrumbs } from "../content/structured-data"

/** Every content page: a hero and the sections that content/locales/<language>/<ns>.json lists. */
export default function PageTemplate({ data, pageContext }: PageProps<Queries.PageQuery, PageContext>) {
  const content = readNamespace<PageContent>(localeNodes(data.locales), pageContext.ns, pageLanguage(pageContext))
  return (
    <Layout>
      <Hero {...content.hero} />
      {content.sections.map((section, index) => (
        <SectionView key={`${section.kind}-${index}`} section={section} index={index} />
      ))}
    </Layout>
  )
}

export function Head({ data, pageContext }: HeadProps<Queries.PageQuery, PageContext>) {
  const nodes = localeNodes(data.locales)
  const language = pageLanguage(pageContext)
  const { meta } = readNamespace<PageContent>(nodes, pageContext.ns, language)
  return <Seo language={language} path={pageContext.i18n.originalPath} title={meta.title} description={meta.description} brand={brandName(nodes, language)} breadcrumbs={pageBreadcrumbs(nodes, language, pageContext.routeKey, meta.title)} />
}

export const query = graphql`
  query Page($language: String!, $ns: String!) {
    locales: allLocale(filter: { ns: { in: ["common", $ns] }, language: { in: [$language, "fr"] } }) {
      ...LocaleNodes
    }
  }
`
