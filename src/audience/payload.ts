import type {
  AudienceEventPayload,
  ConversionName,
  WidthClass,
} from "../../contract/audience-event"
import { splitLanguage } from "../i18n/languages"
import type * as Checks from "../lead-source/clean"

// What the beacon sends, built from the address bar, nothing else: the path without its
// query, the five utm_* values, the other site's host, the language, a width class.

type View = Extract<AudienceEventPayload, { kind: "view" }>
export type PageRef = Pick<View, "path" | "language">
/** The lead source's checks (src/lead-source/clean.ts), which the beacon loads from the chunk the page already has. */
export type SourceChecks = typeof Checks

/**
 * The viewport's width class, told by `atLeast(px)`: in the browser a `(min-width)` media
 * query, which never forces a layout, where reading innerWidth while one is pending does.
 */
export const widthClass = (atLeast: (px: number) => boolean): WidthClass =>
  atLeast(1024) ? "desktop" : atLeast(640) ? "tablet" : "mobile"

/** The page's path and language, or null when its path breaks the server's rule. */
export function pageOf({ cleanPath }: SourceChecks, pathname: string): PageRef | null {
  const path = cleanPath(pathname)
  return path === pathname ? { path, language: splitLanguage(path)[0] } : null
}

/**
 * A page view. `referrer` is document.referrer on a full load (kept only when it is another
 * site's host) and "" after a client-side navigation.
 */
export function pageView(
  checks: SourceChecks,
  location: Pick<Location, "pathname" | "search" | "host">,
  referrer: string,
  width: WidthClass,
): View | null {
  const page = pageOf(checks, location.pathname)
  if (!page) return null
  const view: View = { kind: "view", ...page, width }
  const host = checks.externalHost(referrer, location.host)
  if (host) view.referrer = host
  return Object.assign(view, checks.utmValues(location.search, "utm"))
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

export const conversionOfPage = (page: PageRef): ConversionName | undefined =>
  CONVERSION_PAGES[splitLanguage(page.path)[1]]

/** Events in bodies under the server's 2 KB and 8 events. */
export function bodies(events: AudienceEventPayload[], maxBytes = 1900, maxEvents = 8): string[] {
  const result: string[] = []
  let batch: AudienceEventPayload[] = []
  for (const event of events) {
    if (
      batch.length === maxEvents ||
      JSON.stringify({ events: batch.concat(event) }).length > maxBytes
    ) {
      result.push(JSON.stringify({ events: batch }))
      batch = []
    }
    batch.push(event)
  }
  if (batch.length) result.push(JSON.stringify({ events: batch }))
  return result
}
