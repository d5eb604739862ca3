import type { ContactPayload } from "../../contract/contact"
import { LEAD_SOURCE_RULES } from "../../contract/lead-source-rules"
import { clean, cleanPath, externalHost, utmValues } from "./clean"

// Where the visit came from, kept for this tab only (sessionStorage: no cookie, gone when the
// tab closes) and sent only with a contact message. Nothing leaves the browser before that.
export const LEAD_SOURCE_KEY = "leadSource"

type SourceFields = Pick<
  ContactPayload,
  "Landing" | "Referrer" | "UtmSource" | "UtmMedium" | "UtmCampaign" | "UtmTerm" | "UtmContent"
>
const FIELDS = ["UtmSource", "UtmMedium", "UtmCampaign", "UtmTerm", "UtmContent"] as const

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
    const fields: SourceFields = {
      Landing: cleanPath(location.pathname),
      Referrer: externalHost(referrer, location.host),
    }
    utmValues(location.search).forEach((value, i) => (fields[FIELDS[i]] = value))
    const newVisit = fields.Referrer || FIELDS.some((field) => fields[field])
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
    for (const field of FIELDS) fields[field] = clean(saved[field], LEAD_SOURCE_RULES.utm)
    return fields
  } catch {
    return {}
  }
}
