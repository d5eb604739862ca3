// Where a lead came from, declared once. Plain values without imports: the admin's panel reads
// this table, the API's schemas derive from it (lead-source-schema.ts), and so do the server's
// columns and CSV export. The site's capture (src/lead-source/) reads only lead-source-rules.ts, a few
// bytes where this table would cost it more: it spells the utm_* names from UTM_NAMES as they
// stand here (lead-source.test.ts checks they agree).

/**
 * The seven fields, in the order the admin, the CSV export and the API list them. `name` is the
 * field in the admin API's `source`, the CSV column's header, the audience event's field and the
 * admin label's key (`admin:source.<name>`); `body` is the contact body's field; `column` the
 * messages table's; `rule` the rule of lead-source-rules.ts its value keeps (and so its maximum
 * length); `event`, for the fields the audience beacon sends too, the audience_events column.
 */
export const LEAD_SOURCE_FIELDS = [
  { name: "landingPage", body: "Landing", column: "landing_page", rule: "landing" },
  {
    name: "referrer",
    body: "Referrer",
    column: "referrer_host",
    rule: "referrer",
    event: "referrer",
  },
  { name: "utmSource", body: "UtmSource", column: "utm_source", rule: "utm", event: "utm_source" },
  { name: "utmMedium", body: "UtmMedium", column: "utm_medium", rule: "utm", event: "utm_medium" },
  {
    name: "utmCampaign",
    body: "UtmCampaign",
    column: "utm_campaign",
    rule: "utm",
    event: "utm_campaign",
  },
  { name: "utmTerm", body: "UtmTerm", column: "utm_term", rule: "utm", event: "utm_term" },
  {
    name: "utmContent",
    body: "UtmContent",
    column: "utm_content",
    rule: "utm",
    event: "utm_content",
  },
] as const

export type LeadSourceField = (typeof LEAD_SOURCE_FIELDS)[number]
/** The fields the audience beacon sends with a page view (the landing page is the view's path). */
export type VisitSourceField = Extract<LeadSourceField, { event: string }>

/** Where a lead came from; every field null when the site did not say (older messages, other clients). */
export type LeadSource = { [F in LeadSourceField as F["name"]]: string | null }
/** The contact body's source fields, as the site sends them. */
export type LeadSourceBody = { [F in LeadSourceField as F["body"]]?: string }

export const VISIT_SOURCE_FIELDS = LEAD_SOURCE_FIELDS.filter(
  (field): field is VisitSourceField => "event" in field,
)

/** The names in table order: the admin's panel and the CSV export list them so. */
export const LEAD_SOURCE_NAMES = LEAD_SOURCE_FIELDS.map((field) => field.name)

const fromFields = <T>(value: (field: LeadSourceField) => T) =>
  Object.fromEntries(LEAD_SOURCE_FIELDS.map((field) => [field.name, value(field)])) as {
    [F in LeadSourceField as F["name"]]: T
  }

/** A source nobody gave. */
export const NO_SOURCE: LeadSource = fromFields(() => null)

/** A contact body's source: an empty or missing field is null. */
export const leadSourceOfBody = (body: LeadSourceBody): LeadSource =>
  fromFields((field) => body[field.body] || null)
