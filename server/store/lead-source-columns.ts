import {
  LEAD_SOURCE_FIELDS,
  type LeadSource,
  type LeadSourceField,
  VISIT_SOURCE_FIELDS,
  type VisitSourceField,
} from "../../contract/lead-source"

// The lead source's columns (contract/lead-source.ts), one per field of its table.

/** The messages table's lead source columns (schema.ts). */
export type LeadSourceColumns = { [F in LeadSourceField as F["column"]]: string | null }
/** The audience_events table's: a page view's referrer and utm_* values. */
export type VisitSourceColumns = { [F in VisitSourceField as F["event"]]: string | null }

/** A source as a messages row's columns. */
export const sourceColumns = (source: LeadSource): LeadSourceColumns =>
  Object.fromEntries(
    LEAD_SOURCE_FIELDS.map((field) => [field.column, source[field.name]]),
  ) as LeadSourceColumns

/** A messages row's columns as a source. */
export const sourceOfColumns = (row: LeadSourceColumns): LeadSource =>
  Object.fromEntries(
    LEAD_SOURCE_FIELDS.map((field) => [field.name, row[field.column]]),
  ) as LeadSource

/** A page view's source as an audience_events row's columns (all null for other events). */
export function visitSourceColumns(
  view: { [F in VisitSourceField as F["name"]]?: string } | null,
): VisitSourceColumns {
  const columns = {} as Record<VisitSourceField["event"], string | null>
  for (const field of VISIT_SOURCE_FIELDS) columns[field.event] = view?.[field.name] ?? null
  return columns
}
