import type { ConversionName } from "../../contract/audience-event"
import { PREFIXED_LANGUAGES } from "../../contract/languages"
import type { DailyRow, EventRow } from "../store/audience/event-columns"

// A day's raw events turned into counts per language, dimension and key: what the rollup
// keeps for 25 months, and what the Audience view computes live for the days not rolled up
// yet. A visit is one visitor key's events of one day (keys change every day); it belongs to
// the language of its first page view. Everything below adds up across days and languages,
// so a range's figures are sums of rows (no cross-day uniques: docs/AUDIENCE.md).

/** The rows' dimensions; `day` marks a day as rolled up. */
export type Dimension =
  | "day"
  | "total"
  | "page"
  | "entry"
  | "referrer"
  | "campaign"
  | "device"
  | "conversion"
  | "vital"
  | FunnelStep
export const FUNNEL_STEPS = [
  "funnel.landing",
  "funnel.contact",
  "funnel.sent",
  "funnel.confirmed",
  "funnel.booked",
  "funnel.estimate",
  "funnel.quoted",
] as const
export type FunnelStep = (typeof FUNNEL_STEPS)[number]

/** The funnel's steps that a conversion of the visit makes (the others are its pages). */
const CONVERSION_STEPS: [ConversionName, FunnelStep][] = [
  ["contact_sent", "funnel.sent"],
  ["newsletter_confirmed", "funnel.confirmed"],
  ["meeting_booked", "funnel.booked"],
  ["estimate_viewed", "funnel.estimate"],
  ["quote_requested", "funnel.quoted"],
]

/** Keys made of several values join them with a tab, which no path, host or utm value holds. */
export const SEPARATOR = "\t"

const CONTACT_PAGE = new RegExp(`^(/(${PREFIXED_LANGUAGES.join("|")}))?/contact/?$`)

/**
 * A vital's value rounded up to two significant figures. Every web.dev threshold has two,
 * so the rounded value rates exactly as the real one; a percentile over rounded values is
 * at most 10% above the real one.
 */
export function vitalBucket(value: number): number {
  if (value <= 0) return 0
  const unit = 10 ** (Math.floor(Math.log10(value)) - 1)
  return Number((Math.ceil(value / unit - 1e-9) * unit).toPrecision(2))
}

interface Visit {
  language: string
  viewed: boolean
  entry: string | null
  width: string | null
  referrer: string | null
  campaign: [string, string, string] | null
  pages: Set<string>
  contact: boolean
  conversions: Set<string>
}

export function aggregate(events: EventRow[]): DailyRow[] {
  const rows = new Map<string, DailyRow>()
  const add = (
    day: number,
    language: string,
    dimension: Dimension,
    key: string,
    counts: Partial<Pick<DailyRow, "visitors" | "views" | "time_ms" | "samples">>,
  ) => {
    const id = [day, language, dimension, key].join("\0")
    let row = rows.get(id)
    if (!row)
      rows.set(
        id,
        (row = { day, language, dimension, key, visitors: 0, views: 0, time_ms: 0, samples: 0 }),
      )
    row.visitors += counts.visitors ?? 0
    row.views += counts.views ?? 0
    row.time_ms += counts.time_ms ?? 0
    row.samples += counts.samples ?? 0
  }

  const visits = new Map<string, Visit>()
  const days = new Set<number>()
  for (const event of [...events].sort((a, b) => a.at - b.at)) {
    days.add(event.day)
    const id = `${event.day}\0${event.visitor}`
    let visit = visits.get(id)
    if (!visit) {
      visit = {
        language: event.language,
        viewed: false,
        entry: null,
        width: null,
        referrer: null,
        campaign: null,
        pages: new Set(),
        contact: false,
        conversions: new Set(),
      }
      visits.set(id, visit)
    }
    const language = visit.viewed || event.kind !== "view" ? visit.language : event.language
    if (event.kind === "view") {
      if (!visit.viewed)
        Object.assign(visit, { viewed: true, language, entry: event.path, width: event.width })
      if (
        !visit.referrer &&
        !visit.campaign &&
        (event.referrer || event.utm_source || event.utm_medium || event.utm_campaign)
      ) {
        visit.referrer = event.referrer
        if (event.utm_source || event.utm_medium || event.utm_campaign)
          visit.campaign = [
            event.utm_source ?? "",
            event.utm_medium ?? "",
            event.utm_campaign ?? "",
          ]
      }
      visit.pages.add(event.path)
      visit.contact ||= CONTACT_PAGE.test(event.path)
      add(event.day, language, "total", "", { views: 1 })
      add(event.day, language, "page", event.path, { views: 1 })
    } else if (event.kind === "engagement") {
      const ms = Math.round(event.value ?? 0)
      add(event.day, visit.language, "total", "", { time_ms: ms, samples: 1 })
      add(event.day, visit.language, "page", event.path, { time_ms: ms, samples: 1 })
    } else if (event.kind === "vital" && event.name) {
      add(
        event.day,
        visit.language,
        "vital",
        [event.name, event.path, vitalBucket(event.value ?? 0)].join(SEPARATOR),
        { samples: 1 },
      )
    } else if (event.kind === "conversion" && event.name) {
      add(event.day, visit.language, "conversion", event.name, {
        views: 1,
        visitors: visit.conversions.has(event.name) ? 0 : 1,
      })
      visit.conversions.add(event.name)
    }
  }

  for (const [id, visit] of visits) {
    if (!visit.viewed) continue
    const day = Number(id.slice(0, id.indexOf("\0")))
    const one = (dimension: Dimension, key: string) =>
      add(day, visit.language, dimension, key, { visitors: 1 })
    one("total", "")
    for (const path of visit.pages) one("page", path)
    one("entry", visit.entry ?? "")
    one("device", visit.width ?? "")
    if (visit.referrer) one("referrer", visit.referrer)
    if (visit.campaign) one("campaign", visit.campaign.join(SEPARATOR))
    const source = [visit.campaign?.[0] || visit.referrer || "", visit.campaign?.[2] ?? ""].join(
      SEPARATOR,
    )
    one("funnel.landing", source)
    if (visit.contact) one("funnel.contact", source)
    for (const [name, step] of CONVERSION_STEPS) if (visit.conversions.has(name)) one(step, source)
  }
  for (const day of days) add(day, "", "day", "", {})
  return [...rows.values()]
}
