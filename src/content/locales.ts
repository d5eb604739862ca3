import { graphql } from "gatsby"
import type { Template } from "../../content-kit/routes"
import type { CopyOf } from "../../content-kit/schema/page"
import { defaultLanguage, isLanguage, type Language } from "../i18n/languages"
import { localeNodes, readNamespace, type LocaleEdges, type LocaleNode } from "./page-content"

// Every template asks for `locales: allLocale(...)` with this fragment: the i18n plugin
// builds its translations from it, and the templates read their page copy from it.
export const query = graphql`
  fragment LocaleNodes on LocaleConnection {
    edges {
      node {
        ns
        data
        language
      }
    }
  }
`

export type PageContext = {
  routeKey: string
  ns: string
  slug?: string
  language: string
  i18n: { originalPath: string }
}

export function pageLanguage(context: Pick<PageContext, "language">): Language {
  return isLanguage(context.language) ? context.language : defaultLanguage
}

export type CommonStrings = {
  brand: { name: string; tagline: string }
  notFound: { metaTitle: string; text: string }
}

export function brandName(nodes: LocaleNode[], language: Language): string {
  return readNamespace<CommonStrings>(nodes, "common", language).brand.name
}

/** The page's copy, typed by its template's schema (checked by `npm run check:content`). */
export function readCopy<T extends Template>(
  locales: LocaleEdges | null | undefined,
  context: PageContext,
  _template: T,
): CopyOf<T> {
  return readNamespace<CopyOf<T>>(localeNodes(locales), context.ns, pageLanguage(context))
}
