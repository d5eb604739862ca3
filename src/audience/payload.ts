import type { AudienceEventPayload, ConversionName, WidthClass } from "../../contract/audience-event"
import { LEAD_SOURCE_RULES, UTM_PARAMETERS } from "../../contract/lead-source-rules"
import { splitLanguage } from "../i18n/languages"
import { clean, externalHost } from "../lead-source/clean"

// What the beacon sends, built from the address bar, nothing else: the path without its
// query, the five utm_* values, the other site's host, the language, a width class.

type View = Extract<AudienceEventPayload, { kind: "view" }>
export type PageRef = Pick<View, "path" | "language">

const UTM_FIELDS = ["utmSource", "utmMedium", "utmCampaign", "utmTerm", "utmContent"] as const

export const widthClass = (width: number): WidthClass => (width < 640 ? "mobile" : width < 1024 ? "tablet" : "desktop")

/** The page's path and language, or null when its path breaks the server's rule. */
export function pageOf(pathname: string): PageRef | null {
  const path = clean(pathname, LEAD_SOURCE_RULES.landing)
  return path === pathname ? { path, language: splitLanguage(path)[0] } : null
}

/**
 * A page view. `referrer` is document.referrer on a full load (kept only when it is another
 * site's host) and "" after a client-side navigation.
 */
export function pageView(location: Pick<Location, "pathname" | "search" | "host">, referrer: string, width: number): View | null {
  const page = pageOf(location.pathname)
  if (!page) return null
  const view: View = { kind: "view", ...page, width: widthClass(width) }
  const host = externalHost(referrer, location.host)
  if (host) view.referrer = host
  const params = new URLSearchParams(location.search)
  UTM_PARAMETERS.forEach((name, i) => {
    const value = clean(params.get(name), LEAD_SOURCE_RULES.utm)
    if (value) view[UTM_FIELDS[i]] = value
  })
  return view
}

/**
 * The pages that a form posted without JavaScript lands on (with JavaScript, the form reports
 * its own success): routes.contactSent and routes.newsletterThanks, written out so that the
 * beacon does not carry the whole route table (payload.test.ts checks they agree).
 */
const CONVERSION_PAGES: Record<string, ConversionName> = {
  "/contact/sent": "contact_sent",
  "/newsletter/thanks": "newsletter_subscribed",
}

export const conversionOfPage = (page: PageRef): ConversionName | undefined => CONVERSION_PAGES[splitLanguage(page.path)[1]]

/** Events in bodies under the server's 2 KB and 8 events. */
export function bodies(events: AudienceEventPayload[], maxBytes = 1900, maxEvents = 8): string[] {
  const result: string[] = []
  let batch: AudienceEventPayload[] = []
  for (const event of events) {
    if (batch.length === maxEvents || JSON.stringify({ events: batch.concat(event) }).length > maxBytes) {
      result.push(JSON.stringify({ events: batch }))
      batch = []
    }
    batch.push(event)
  }
  if (batch.length) result.push(JSON.stringify({ events: batch }))
  return result
}
