// Reading a page's copy from the Locale nodes: the types of each namespace are drawn from
// the content schema (src/content/schema/), which scripts/check-content.ts enforces.
import type { Language } from "../i18n/languages"
import { defaultLanguage } from "../i18n/languages"

export type LocaleNode = { ns: string; language: string; data: string }

/** A `locales: allLocale(...)` answer (the LocaleNodes fragment of content/locales.ts). */
export type LocaleEdges = {
  readonly edges: readonly { readonly node: { readonly ns: string | null; readonly data: string | null; readonly language: string | null } }[]
}

export function localeNodes(locales: LocaleEdges | null | undefined): LocaleNode[] {
  return (locales?.edges ?? []).map(({ node }) => ({ ns: node.ns ?? "", data: node.data ?? "{}", language: node.language ?? "" }))
}

type Json = unknown

/**
 * A missing translation falls back to French: objects merge key by key, arrays item by
 * item, so one untranslated sentence shows in French instead of emptying a whole section.
 */
export function withFallback<T extends Json>(french: T, local: Json): T {
  if (local === undefined || local === null || local === "") return french
  if (Array.isArray(french)) {
    if (!Array.isArray(local)) return french
    return french.map((item, index) => withFallback(item, local[index])) as T
  }
  if (typeof french === "object" && french !== null) {
    if (typeof local !== "object" || Array.isArray(local)) return french
    const merged: Record<string, Json> = { ...(local as Record<string, Json>) }
    for (const [key, value] of Object.entries(french)) {
      merged[key] = withFallback(value, (local as Record<string, Json>)[key])
    }
    return merged as T
  }
  return (typeof local === typeof french ? local : french) as T
}

/** The copy of namespace `ns` in `language`, completed from French. */
export function readNamespace<T extends Json>(nodes: readonly LocaleNode[], ns: string, language: Language): T {
  const find = (lng: string) => nodes.find((node) => node.ns === ns && node.language === lng)
  const french = find(defaultLanguage)
  if (!french) throw new Error(`content/locales/${defaultLanguage}/${ns}.json is missing`)
  const base = JSON.parse(french.data) as T
  const local = language === defaultLanguage ? undefined : find(language)
  return local ? withFallback(base, JSON.parse(local.data)) : base
}
