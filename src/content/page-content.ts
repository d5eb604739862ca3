// The shape of a page's copy in content/locales/<language>/<ns>.json. Editors write this
// JSON; scripts/check-content.ts validates it and the page template renders it.
import type { Language } from "../i18n/languages"
import { defaultLanguage } from "../i18n/languages"

export type Action = { label: string; to: string }

export type Item = { title: string; text: string; icon?: string; link?: Action }

type SectionBase = { id?: string; eyebrow?: string; title: string; lead?: string }

export type Section =
  | (SectionBase & { kind: "cards"; items: Item[] })
  | (SectionBase & { kind: "features"; items: Item[] })
  | (SectionBase & { kind: "steps"; items: Item[] })
  | (SectionBase & { kind: "prose"; paragraphs: string[] })
  | (SectionBase & { kind: "split"; text: string; points: string[]; action?: Action })
  | (SectionBase & { kind: "team"; members: { name: string; role: string; text: string }[] })
  | (SectionBase & { kind: "cta"; text: string; action: Action })

export type SectionKind = Section["kind"]

export type PageContent = {
  meta: { title: string; description: string }
  hero: { eyebrow?: string; title: string; lead: string; primary?: Action; secondary?: Action }
  sections: Section[]
}

export type LocaleNode = { ns: string; language: string; data: string }

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

/** content/locales/<language>/contact.json */
export type ContactPageContent = {
  meta: { title: string; description: string }
  hero: { eyebrow?: string; title: string; lead: string }
  info: {
    title: string
    addressLabel: string
    address: string[]
    hoursLabel: string
    hours: string
    emailLabel: string
    email: string
  }
  reasons: { title: string; items: string[] }
  formTitle: string
}

/** content/locales/<language>/blog.json */
export type BlogPageContent = {
  meta: { title: string; description: string }
  hero: { eyebrow?: string; title: string; lead: string }
}

/** content/locales/<language>/newsletter-{confirmed,unsubscribed}.json: where the newsletter's links land. */
/** Where a form lands after a post without JavaScript: contact sent, newsletter thanks. */
export type FormResultContent = {
  meta: { title: string; description: string }
  title: string
  lead: string
  home: Action
  again: Action
}

export type NewsletterStatusContent = {
  meta: { title: string; description: string }
  /** Before the click that confirms or unsubscribes (a mail scanner opening the link does nothing). */
  ask: { title: string; lead: string; action: string; working: string }
  done: { title: string; lead: string }
  unknown: { title: string; lead: string }
  /** Shown when the click could not reach the server; the button stays for another try. */
  failed: string
  home: Action
  privacy: Action
}
