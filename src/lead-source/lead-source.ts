import type { LeadSourceBody as SourceFields } from "../../contract/lead-source"
import { LEAD_SOURCE_RULES, UTM_NAMES } from "../../contract/lead-source-rules"
import { clean, cleanPath, externalHost, utmValues } from "./clean"

// Where the visit came from, kept for this tab only (sessionStorage: no cookie, gone when the
// tab closes) and sent only with a contact message. Nothing leaves the browser before that.
export const LEAD_SOURCE_KEY = "leadSource"

/**
 * Run once per full page load. The first page of the tab's visit is kept; a later load that
 * comes with utm_* values or from another site starts a new visit (a new campaign click).
 */
export function captureLeadSource(
  location: Pick<Location, "pathname" | "search" | "host">,
  referrer: string,
  storage = () => window.sessionStorage,
) {
  try {
    const utm = utmValues(location.search, "Utm")
    const fields: SourceFields = {
      Landing: cleanPath(location.pathname),
      Referrer: externalHost(referrer, location.host),
      ...utm,
    }
    const newVisit = fields.Referrer || Object.keys(utm)[0]
    if (newVisit || !storage().getItem(LEAD_SOURCE_KEY))
      storage().setItem(LEAD_SOURCE_KEY, JSON.stringify(fields))
  } catch {
    // Storage refused (blocked, quota): the message goes without its source.
  }
}

/** The kept fields, each checked again: the stored text is the visitor's to edit. */
export function readLeadSource(storage = () => window.sessionStorage): SourceFields {
  try {
    const saved = JSON.parse(storage().getItem(LEAD_SOURCE_KEY) ?? "{}") as Record<
      string,
      string | undefined
    >
    const fields: SourceFields = {
      Landing: clean(saved.Landing, LEAD_SOURCE_RULES.landing),
      Referrer: clean(saved.Referrer, LEAD_SOURCE_RULES.referrer),
    }
    for (const name of UTM_NAMES)
      fields[`Utm${name}`] = clean(saved[`Utm${name}`], LEAD_SOURCE_RULES.utm)
    return fields
  } catch {
    return {}
  }
}
