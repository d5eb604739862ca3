import { graphql, type HeadProps, type PageProps } from "gatsby"
import React from "react"
import { Layout } from "../components/layout/layout"
import { Hero } from "../components/sections/hero"
import { SectionView } from "../components/sections/section-view"
import { Seo } from "../components/seo"
import { brandName, localeNodes, pageLanguage, type PageContext } from "../content/locales"
import { readNamespace, type PageContent } from "../content/page-content"
import type { ImageAlts } from "../content/images"
import type { PictureImage } from "../components/ui/picture"
import { pageBreadcrumbs } from "../content/structured-data"

/** Every content page: a hero and the sections that content/locales/<language>/<ns>.json lists. */
export default function PageTemplate({ data, pageContext }: PageProps<Queries.PageQuery, PageContext>) {
  const nodes = localeNodes(data.locales)
  const language = pageLanguage(pageContext)
  const content = readNamespace<PageContent>(nodes, pageContext.ns, language)
  const image = data.heroImage?.childImageSharp?.gatsbyImageData as PictureImage | undefined
  const visual = image ? { image, alt: readNamespace<ImageAlts>(nodes, "images", language)[pageContext.ns] as string } : undefined
  return (
    <Layout>
      <Hero {...content.hero} visual={visual} />
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
    locales: allLocale(filter: { ns: { in: ["common", $ns, "images"] }, language: { in: [$language, "fr"] } }) {
      ...LocaleNodes
    }
    heroImage: file(sourceInstanceName: { eq: "images" }, relativeDirectory: { eq: "" }, name: { eq: $ns }) {
      childImageSharp {
        ...HeroImage
      }
    }
  }
`
