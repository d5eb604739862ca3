import { type Static, Type } from "@sinclair/typebox"
import { LEAD_SOURCE_RULES } from "./lead-source-rules"
import { VisitSourceFields } from "./lead-source-schema"
import { Language, StringEnum } from "./text"

// What the site's beacon sends to POST /api/event (src/audience/). Values without imports
// beyond the contract: the beacon builds them, the server validates them, the store keeps them.

/** Viewport width classes: under 640 px, under 1024 px, and wider (the site's own breakpoints). */
export const WIDTH_CLASSES = ["mobile", "tablet", "desktop"] as const
export type WidthClass = (typeof WIDTH_CLASSES)[number]

/** The Web Vitals the beacon reports, with web.dev's thresholds: good up to the first, poor above the second. */
export const VITAL_THRESHOLDS = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  FCP: [1800, 3000],
  TTFB: [800, 1800],
} as const
export type VitalName = keyof typeof VITAL_THRESHOLDS
export const VITAL_NAMES = Object.keys(VITAL_THRESHOLDS) as VitalName[]

/**
 * The conversions a page reports once its action succeeded (the server answered), or, for
 * `estimate_viewed`, once the panel estimate page showed an estimate.
 */
export const CONVERSIONS = [
  "contact_sent",
  "newsletter_subscribed",
  "newsletter_confirmed",
  "cta_click",
  "meeting_booked",
  // The panel estimate page (issue 50): the estimate first computed on a page view, and a
  // quote request sent from it.
  "estimate_viewed",
  "quote_requested",
] as const
export type ConversionName = (typeof CONVERSIONS)[number]

/** The most events one request carries (a page's visible time and its five vitals fit). */
export const MAX_EVENTS = 8
/** The largest body POST /api/event takes; larger is 413. */
export const MAX_EVENT_BODY_BYTES = 2048

const Page = {
  /** The page's path, without query or fragment. */
  path: Type.String({ minLength: 1, ...LEAD_SOURCE_RULES.landing }),
  language: Language(),
}

export const PageView = Type.Object(
  {
    kind: Type.Literal("view"),
    ...Page,
    width: StringEnum(WIDTH_CLASSES),
    /** The external page's host (on a full load from another site only) and the utm_* values. */
    ...VisitSourceFields,
  },
  { additionalProperties: false },
)

/** How long the page was visible, sent when the visitor leaves it or hides the tab. */
export const Engagement = Type.Object(
  {
    kind: Type.Literal("engagement"),
    ...Page,
    visibleMs: Type.Integer({ minimum: 0, maximum: 86_400_000 }),
  },
  { additionalProperties: false },
)

export const Vital = Type.Object(
  {
    kind: Type.Literal("vital"),
    ...Page,
    name: StringEnum(VITAL_NAMES),
    value: Type.Number({ minimum: 0, maximum: 600_000 }),
  },
  { additionalProperties: false },
)

export const Conversion = Type.Object(
  { kind: Type.Literal("conversion"), ...Page, name: StringEnum(CONVERSIONS) },
  { additionalProperties: false },
)

export const AudienceEvent = Type.Union([PageView, Engagement, Vital, Conversion])
export type AudienceEventPayload = Static<typeof AudienceEvent>

/** The body of `POST /api/event`. */
export const EventBody = Type.Object(
  { events: Type.Array(AudienceEvent, { minItems: 1, maxItems: MAX_EVENTS }) },
  { additionalProperties: false },
)
export type EventBodyPayload = Static<typeof EventBody>
