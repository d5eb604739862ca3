import type { HeadProps } from "gatsby"
import React from "react"
import type { Template } from "../../content-kit/routes"
import { brandName, pageLanguage, readCopy, type PageContext } from "../content/locales"
import { localeNodes, type LocaleEdges } from "../content/page-content"
import { pageBreadcrumbs } from "../content/structured-data"
import { Seo } from "./seo"

type Props = {
  locales: LocaleEdges | null | undefined
  pageContext: PageContext
  title: string
  description: string
  /** Defaults to the page's own unprefixed path. */
  path?: string
  type?: "website" | "article"
  noindex?: boolean
}

/**
 * A page's Head from its query's locales: language, brand, path and the breadcrumb trail
 * (JSON-LD BreadcrumbList, for indexed pages of the route table) follow from the page.
 */
export function PageHead({
  locales,
  pageContext,
  path = pageContext.i18n.originalPath,
  ...seo
}: Props) {
  const language = pageLanguage(pageContext)
  const nodes = localeNodes(locales)
  return (
    <Seo
      {...seo}
      language={language}
      path={path}
      brand={brandName(nodes, language)}
      breadcrumbs={
        seo.noindex ? [] : pageBreadcrumbs(nodes, language, pageContext.routeKey, seo.title)
      }
    />
  )
}

/** The Head of a template whose copy has a `meta` block: `export const Head = headFromCopy("page")`. */
export function headFromCopy(template: Template, noindex?: boolean) {
  return function Head({
    data,
    pageContext,
  }: HeadProps<{ readonly locales: LocaleEdges | null }, PageContext>) {
    const { meta } = readCopy(data.locales, pageContext, template)
    return (
      <PageHead
        locales={data.locales}
        pageContext={pageContext}
        title={meta.title}
        description={meta.description}
        noindex={noindex}
      />
    )
  }
}
