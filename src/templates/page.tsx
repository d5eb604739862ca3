import { graphql, type PageProps } from "gatsby"
import React from "react"
import { Layout } from "../components/layout/layout"
import { Hero } from "../components/sections/hero"
import { SectionView } from "../components/sections/section-view"
import { headFromCopy } from "../components/page-head"
import { readCopy, type PageContext } from "../content/locales"

/** Every content page: a hero and the sections that content/locales/<language>/<ns>.json lists. */
export default function PageTemplate({ data, pageContext }: PageProps<Queries.PageQuery, PageContext>) {
  const content = readCopy(data.locales, pageContext, "page")
  return (
    <Layout>
      <Hero {...content.hero} />
      {content.sections.map((section, index) => (
        <SectionView key={`${section.kind}-${index}`} section={section} index={index} />
      ))}
    </Layout>
  )
}

export const Head = headFromCopy("page")

export const query = graphql`
  query Page($language: String!, $ns: String!) {
    locales: allLocale(filter: { ns: { in: ["common", $ns] }, language: { in: [$language, "fr"] } }) {
      ...LocaleNodes
    }
  }
`
