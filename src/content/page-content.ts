// Reading a page's copy from the Locale nodes: the types of each namespace are drawn from
// the content schema (content-kit/schema/), which the content check enforces. The French
// fallback itself is content-kit's (content-kit/fallback.ts).
import { withFallback } from "../../content-kit/fallback"
import type { Language } from "../i18n/languages"
import { defaultLanguage } from "../i18n/languages"

export type LocaleNode = { ns: string; language: string; data: string }

/** A `locales: allLocale(...)` answer (the LocaleNodes fragment of content/locales.ts). */
export type LocaleEdges = {
  readonly edges: readonly {
    readonly node: {
      readonly ns: string | null
      readonly data: string | null
      readonly language: string | null
    }
  }[]
}

export function localeNodes(locales: LocaleEdges | null | undefined): LocaleNode[] {
  return (locales?.edges ?? []).map(({ node }) => ({
    ns: node.ns ?? "",
    data: node.data ?? "{}",
    language: node.language ?? "",
  }))
}

/** The copy of namespace `ns` in `language`, completed from French. */
export function readNamespace<T>(nodes: readonly LocaleNode[], ns: string, language: Language): T {
  const find = (lng: string) => nodes.find((node) => node.ns === ns && node.language === lng)
  const french = find(defaultLanguage)
  if (!french) throw new Error(`content/locales/${defaultLanguage}/${ns}.json is missing`)
  const base = JSON.parse(french.data) as T
  const local = language === defaultLanguage ? undefined : find(language)
  return local ? withFallback(base, JSON.parse(local.data)) : base
}
