import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox"
import {
  type AudienceParams,
  type AudienceReportPayload,
  type AudienceTable,
} from "../../../contract/audience-report"
import { endpoints } from "../../../contract/endpoints"
import { type AudienceRange, audienceReport } from "../../audience/report"
import type { Deps } from "../../deps"
import { HttpError } from "../../http-error"
import { dayFromIso, dayOf } from "../../store/audience/days"
import { route } from "../route"
import { sendCsv } from "./csv"

/** The longest range asked for: the rollups' 25 months, and some. */
const MAX_RANGE_DAYS = 800

/** Each table's CSV: its header and the cells of a row. */
const CSV: {
  [T in AudienceTable]: {
    header: string[]
    cells: (row: AudienceReportPayload[T][number]) => (string | number | null)[]
  }
} = {
  days: { header: ["date", "visitors", "views"], cells: (r) => [r.date, r.visitors, r.views] },
  pages: {
    header: ["path", "visitors", "views", "avg_visible_ms"],
    cells: (r) => [r.path, r.visitors, r.views, r.avgVisibleMs],
  },
  entries: { header: ["path", "visitors"], cells: (r) => [r.path, r.visitors] },
  referrers: { header: ["host", "visitors"], cells: (r) => [r.host, r.visitors] },
  campaigns: {
    header: ["utm_source", "utm_medium", "utm_campaign", "visitors"],
    cells: (r) => [r.source, r.medium, r.campaign, r.visitors],
  },
  devices: { header: ["width", "visitors"], cells: (r) => [r.width, r.visitors] },
  funnel: {
    header: [
      "source",
      "campaign",
      "landing",
      "contact_page",
      "message_sent",
      "newsletter_confirmed",
      "meeting_booked",
      "estimate_viewed",
      "quote_requested",
      "conversion_rate",
      "inbox_leads",
    ],
    cells: (r) => [
      r.source,
      r.campaign,
      r.landing,
      r.contact,
      r.sent,
      r.confirmed,
      r.booked,
      r.estimateViewed,
      r.quoteRequested,
      r.rate,
      r.leads,
    ],
  },
  conversions: {
    header: ["conversion", "visits", "events"],
    cells: (r) => [r.name, r.visits, r.events],
  },
  vitals: {
    header: ["path", "vital", "p75", "rating", "samples", "good", "needs_improvement", "poor"],
    cells: (r) => [r.path, r.name, r.p75, r.rating, r.samples, r.good, r.needsImprovement, r.poor],
  },
}

/** The Audience view (docs/AUDIENCE.md) and each of its tables as CSV. */
export const adminAudienceRoutes: FastifyPluginAsyncTypebox<
  Pick<Deps, "store" | "now"> & { analyticsEventDays: number }
> = async (app, { store, now, analyticsEventDays }) => {
  const range = (query: AudienceParams): AudienceRange => {
    const today = dayOf(now())
    const language = query.language ?? null
    if (query.from === undefined && query.to === undefined)
      return { fromDay: today - Number(query.days ?? "30") + 1, toDay: today, language }
    if (query.days !== undefined || query.from === undefined || query.to === undefined)
      throw new HttpError(400, "invalid_range", "Give either days, or both from and to.")
    const [fromDay, toDay] = [dayFromIso(query.from), dayFromIso(query.to)]
    if (
      !Number.isFinite(fromDay) ||
      !Number.isFinite(toDay) ||
      toDay < fromDay ||
      toDay - fromDay >= MAX_RANGE_DAYS
    ) {
      throw new HttpError(
        400,
        "invalid_range",
        `from and to must be real dates, from first, at most ${MAX_RANGE_DAYS} days apart.`,
      )
    }
    return { fromDay, toDay, language }
  }
  const report = (query: AudienceParams) =>
    audienceReport(store, now, analyticsEventDays, range(query))

  route(app, endpoints.getAudience, (request) => report(request.query))
  route(app, endpoints.exportAudience, async (request, reply) => {
    const { table, ...query } = request.query
    const answer = await report(query)
    const { header, cells } = CSV[table] as {
      header: string[]
      cells: (row: unknown) => (string | number | null)[]
    }
    async function* rows() {
      yield* answer[table] as unknown[]
    }
    return sendCsv(
      reply,
      `audience-${table}-${answer.from}-${answer.to}.csv`,
      header,
      rows(),
      (row) => cells(row).map((cell) => (cell === null ? null : String(cell))),
    )
  })
}
