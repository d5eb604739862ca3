import {
  type ConversionName,
  VITAL_THRESHOLDS,
  type VitalName,
  type WidthClass,
} from "../../contract/audience-event"
import { type AudienceReportPayload, VITAL_RATINGS } from "../../contract/audience-report"
import type { Language } from "../../contract/languages"
import type { Store } from "../store"
import { DAY_MS, dayOf, isoDay } from "../store/audience/days"
import type { DailyRow } from "../store/audience/event-columns"
import type { Clock } from "../store/query-helpers"
import { aggregate, SEPARATOR } from "./aggregate"

/** Rows per table in the answer and its CSV: the most visited first. */
export const TOP_ROWS = 100

export interface AudienceRange {
  fromDay: number
  toDay: number
  language: Language | null
}

type Sums = Pick<DailyRow, "visitors" | "views" | "time_ms" | "samples">

const mean = (total: number, count: number) => (count > 0 ? Math.round(total / count) : null)

/**
 * The Audience view's figures for a range: the stored rollups of the days already rolled
 * up, and the raw events of the others (today, and a finished day housekeeping has not
 * reached yet) aggregated the same way (aggregate.ts).
 */
export async function audienceReport(
  store: Store,
  now: Clock,
  eventDays: number,
  range: AudienceRange,
): Promise<AudienceReportPayload> {
  const { fromDay, toDay, language } = range
  const today = dayOf(now())
  const { rows, rolledDays } = await store.audience.dailyRows(fromDay, toDay, language)
  const live: number[] = []
  for (let day = Math.max(fromDay, today - eventDays + 1); day <= Math.min(toDay, today); day++)
    if (!rolledDays.has(day)) live.push(day)
  if (live.length > 0) {
    const computed = aggregate(await store.audience.eventsOf(live[0], live.at(-1)!))
    const wanted = new Set(live)
    rows.push(
      ...computed.filter(
        (row) =>
          wanted.has(row.day) &&
          row.dimension !== "day" &&
          (!language || row.language === language),
      ),
    )
  }

  const sums = new Map<string, Map<string, Sums>>()
  const byDay = new Map<number, Sums>()
  for (const row of rows) {
    let dimension = sums.get(row.dimension)
    if (!dimension) sums.set(row.dimension, (dimension = new Map()))
    const sum = dimension.get(row.key) ?? { visitors: 0, views: 0, time_ms: 0, samples: 0 }
    sum.visitors += row.visitors
    sum.views += row.views
    sum.time_ms += Number(row.time_ms)
    sum.samples += row.samples
    dimension.set(row.key, sum)
    if (row.dimension === "total") {
      const day = byDay.get(row.day) ?? { visitors: 0, views: 0, time_ms: 0, samples: 0 }
      day.visitors += row.visitors
      day.views += row.views
      byDay.set(row.day, day)
    }
  }
  const entries = (dimension: string) =>
    [...(sums.get(dimension) ?? new Map<string, Sums>()).entries()].sort(
      (a, b) =>
        b[1].visitors - a[1].visitors || b[1].views - a[1].views || a[0].localeCompare(b[0]),
    )
  const top = (dimension: string) => entries(dimension).slice(0, TOP_ROWS)
  const total = sums.get("total")?.get("") ?? { visitors: 0, views: 0, time_ms: 0, samples: 0 }

  const days: AudienceReportPayload["days"] = []
  for (let day = fromDay; day <= toDay; day++)
    days.push({
      date: isoDay(day),
      visitors: byDay.get(day)?.visitors ?? 0,
      views: byDay.get(day)?.views ?? 0,
    })

  return {
    from: isoDay(fromDay),
    to: isoDay(toDay),
    language,
    totals: {
      visitors: total.visitors,
      views: total.views,
      viewsPerVisit: total.visitors ? Math.round((total.views / total.visitors) * 100) / 100 : 0,
      avgVisibleMs: mean(total.time_ms, total.samples),
    },
    days,
    pages: top("page").map(([path, s]) => ({
      path,
      visitors: s.visitors,
      views: s.views,
      avgVisibleMs: mean(s.time_ms, s.samples),
    })),
    entries: top("entry").map(([path, s]) => ({ path, visitors: s.visitors })),
    referrers: top("referrer").map(([host, s]) => ({ host, visitors: s.visitors })),
    campaigns: top("campaign").map(([key, s]) => {
      const [source, medium, campaign] = key.split(SEPARATOR)
      return { source, medium, campaign, visitors: s.visitors }
    }),
    devices: top("device").map(([width, s]) => ({
      width: width as WidthClass,
      visitors: s.visitors,
    })),
    funnel: await funnel(store, sums, fromDay, toDay),
    conversions: top("conversion").map(([name, s]) => ({
      name: name as ConversionName,
      visits: s.visitors,
      events: s.views,
    })),
    vitals: vitals(sums.get("vital")),
  }
}

async function funnel(
  store: Store,
  sums: Map<string, Map<string, Sums>>,
  fromDay: number,
  toDay: number,
): Promise<AudienceReportPayload["funnel"]> {
  const step = (name: string, key: string) => sums.get(name)?.get(key)?.visitors ?? 0
  const leads = new Map(
    (await store.leadSources.bySourceAndCampaign(fromDay * DAY_MS, (toDay + 1) * DAY_MS)).map(
      (row) => [[row.source, row.campaign].join(SEPARATOR), row.count],
    ),
  )
  const keys = new Set([...(sums.get("funnel.landing")?.keys() ?? []), ...leads.keys()])
  return [...keys]
    .map((key) => {
      const [source, campaign] = key.split(SEPARATOR)
      const landing = step("funnel.landing", key)
      const sent = step("funnel.sent", key)
      return {
        source,
        campaign,
        landing,
        contact: step("funnel.contact", key),
        sent,
        confirmed: step("funnel.confirmed", key),
        booked: step("funnel.booked", key),
        estimateViewed: step("funnel.estimate", key),
        quoteRequested: step("funnel.quoted", key),
        rate: landing > 0 ? Math.round((sent / landing) * 10_000) / 10_000 : null,
        leads: leads.get(key) ?? 0,
      }
    })
    .sort(
      (a, b) =>
        b.landing - a.landing ||
        b.leads - a.leads ||
        a.source.localeCompare(b.source) ||
        a.campaign.localeCompare(b.campaign),
    )
    .slice(0, TOP_ROWS)
}

/**
 * The 75th percentile (nearest rank) of each page's vital over the range's rounded values, and its
 * samples per rating.
 */
function vitals(rows: Map<string, Sums> | undefined): AudienceReportPayload["vitals"] {
  const groups = new Map<string, { name: VitalName; path: string; buckets: [number, number][] }>()
  for (const [key, sum] of rows ?? []) {
    const [name, path, bucket] = key.split(SEPARATOR)
    const id = `${name}${SEPARATOR}${path}`
    const group = groups.get(id) ?? { name: name as VitalName, path, buckets: [] }
    group.buckets.push([Number(bucket), sum.samples])
    groups.set(id, group)
  }
  const result: AudienceReportPayload["vitals"] = []
  for (const { name, path, buckets } of groups.values()) {
    buckets.sort((a, b) => a[0] - b[0])
    const samples = buckets.reduce((n, [, count]) => n + count, 0)
    const [goodUpTo, poorAbove] = VITAL_THRESHOLDS[name]
    let seen = 0
    const p75 = buckets.find(([, count]) => (seen += count) >= Math.ceil(samples * 0.75))?.[0] ?? 0
    const count = (test: (value: number) => boolean) =>
      buckets.reduce((n, [value, c]) => n + (test(value) ? c : 0), 0)
    const rating = VITAL_RATINGS[p75 <= goodUpTo ? 0 : p75 <= poorAbove ? 1 : 2]
    result.push({
      path,
      name,
      p75,
      rating,
      samples,
      good: count((v) => v <= goodUpTo),
      needsImprovement: count((v) => v > goodUpTo && v <= poorAbove),
      poor: count((v) => v > poorAbove),
    })
  }
  return result
    .sort(
      (a, b) =>
        b.samples - a.samples || a.path.localeCompare(b.path) || a.name.localeCompare(b.name),
    )
    .slice(0, TOP_ROWS * 5)
}
