import { type Static, Type } from "@sinclair/typebox"
import { IsoDate } from "./admin"
import { CONVERSIONS, VITAL_NAMES, WIDTH_CLASSES } from "./audience-event"
import { Language, Nullable, StringEnum } from "./text"

// The admin's Audience view: GET /api/admin/audience and its CSV exports (server/audience/report.ts).

const Count = () => Type.Integer({ minimum: 0 })

/**
 * The last 7, 30 or 90 days (today included), or `from` to `to` (both included, at most 800 days);
 * one language or all.
 */
export const AudienceQuery = Type.Object(
  {
    days: Type.Optional(StringEnum(["7", "30", "90"] as const)),
    from: Type.Optional(IsoDate()),
    to: Type.Optional(IsoDate()),
    language: Type.Optional(Language()),
  },
  { additionalProperties: false },
)
export type AudienceParams = Static<typeof AudienceQuery>

export const AUDIENCE_TABLES = [
  "days",
  "pages",
  "entries",
  "referrers",
  "campaigns",
  "devices",
  "funnel",
  "conversions",
  "vitals",
] as const
export type AudienceTable = (typeof AUDIENCE_TABLES)[number]
/** GET /api/admin/audience/export.csv: one table of the answer to the same query. */
export const AudienceCsvQuery = Type.Object(
  { ...AudienceQuery.properties, table: StringEnum(AUDIENCE_TABLES) },
  { additionalProperties: false },
)

export const VITAL_RATINGS = ["good", "needs-improvement", "poor"] as const

export const AudienceReport = Type.Object({
  from: IsoDate(),
  to: IsoDate(),
  language: Nullable(Language()),
  totals: Type.Object({
    /** Visits: a visitor key's day (keys change daily, so a range's visitors are the sum of its days'). */
    visitors: Count(),
    views: Count(),
    viewsPerVisit: Type.Number(),
    /** Mean visible time per page view reported; null when none was. */
    avgVisibleMs: Nullable(Type.Number()),
  }),
  days: Type.Array(Type.Object({ date: IsoDate(), visitors: Count(), views: Count() })),
  pages: Type.Array(
    Type.Object({
      path: Type.String(),
      visitors: Count(),
      views: Count(),
      avgVisibleMs: Nullable(Type.Number()),
    }),
  ),
  entries: Type.Array(Type.Object({ path: Type.String(), visitors: Count() })),
  referrers: Type.Array(Type.Object({ host: Type.String(), visitors: Count() })),
  campaigns: Type.Array(
    Type.Object({
      source: Type.String(),
      medium: Type.String(),
      campaign: Type.String(),
      visitors: Count(),
    }),
  ),
  devices: Type.Array(Type.Object({ width: StringEnum(WIDTH_CLASSES), visitors: Count() })),
  /**
   * Visits per source (utm_source, else the referrer's host; "" direct) and campaign: landed, saw
   * the contact page, sent a message, confirmed a subscription, booked a meeting, saw a panel
   * estimate, requested a quote; `rate`: sent per landing; `leads`: the inbox's non-spam
   * messages of the range with that source and campaign.
   */
  funnel: Type.Array(
    Type.Object({
      source: Type.String(),
      campaign: Type.String(),
      landing: Count(),
      contact: Count(),
      sent: Count(),
      confirmed: Count(),
      booked: Count(),
      estimateViewed: Count(),
      quoteRequested: Count(),
      rate: Nullable(Type.Number()),
      leads: Count(),
    }),
  ),
  conversions: Type.Array(
    Type.Object({ name: StringEnum(CONVERSIONS), visits: Count(), events: Count() }),
  ),
  /**
   * Per page and vital: the 75th percentile (rounded up to two significant figures) and the samples
   * per web.dev rating.
   */
  vitals: Type.Array(
    Type.Object({
      path: Type.String(),
      name: StringEnum(VITAL_NAMES),
      p75: Type.Number(),
      rating: StringEnum(VITAL_RATINGS),
      samples: Count(),
      good: Count(),
      needsImprovement: Count(),
      poor: Count(),
    }),
  ),
})
export type AudienceReportPayload = Static<typeof AudienceReport>
