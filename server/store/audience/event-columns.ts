import type { AudienceDailyTable, AudienceEventsTable } from "../schema"

/** The columns the counts are made of (the utm term and content are kept, not counted). */
export const EVENT_COLUMNS = [
  "at",
  "day",
  "visitor",
  "kind",
  "path",
  "language",
  "width",
  "referrer",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "name",
  "value",
] as const satisfies readonly (keyof AudienceEventsTable)[]

/** A raw event as the rollup and the Audience view read it. */
export type EventRow = Pick<AudienceEventsTable, (typeof EVENT_COLUMNS)[number]>
/** A rollup's row: one day's count of one language, dimension and key. */
export type DailyRow = AudienceDailyTable
