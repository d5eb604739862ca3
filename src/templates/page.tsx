import { graphql, type PageProps } from "gatsby"
import React from "react"
import { Layout } from "../components/layout/layout"
import { headFromCopy } from "../components/page-head"
import { Hero } from "../components/sections/hero"
import { SectionView } from "../components/sections/section-view"
import type { PictureImage } from "../components/ui/picture"
import type { ImageAlts } from "../content/images"
import { pageLanguage, readCopy, type PageContext } from "../content/locales"
import { readNamespace, localeNodes } from "../content/page-content"

/** Every content page: a hero and the sections that content/locales/<language>/<ns>.json lists. */
export default function PageTemplate({
  data,
  pageContext,
}: PageProps<Queries.PageQuery, PageContext>) {
  const nodes = localeNodes(data.locales)
  const language = pageLanguage(pageContext)
  const content = readCopy(data.locales, pageContext, "page")
  const image = data.heroImage?.childImageSharp?.gatsbyImageData as PictureImage | undefined
  const visual = image
    ? { image, alt: readNamespace<ImageAlts>(nodes, "images", language)[pageContext.ns] as string }
    : undefined
  return (
    <Layout>
      <Hero {...content.hero} visual={visual} />
      {content.sections.map((section, index) => (
        <SectionView key={`${section.kind}-${index}`} section={section} index={index} />
      ))}
    </Layout>
  )
}

export const Head = headFromCopy("page")

export const query = graphql`
  query Page($language: String!, $ns: String!) {
    locales: allLocale(
      filter: { ns: { in: ["common", $ns, "images"] }, language: { in: [$language, "fr"] } }
    ) {
      ...LocaleNodes
    }
    heroImage: file(
      sourceInstanceName: { eq: "images" }
      relativeDirectory: { eq: "" }
      name: { eq: $ns }
    ) {
      childImageSharp {
        ...HeroImage
      }
    }
  }
`
