import { Type } from "@sinclair/typebox"
import { LEAD_SOURCE_RULES } from "./lead-source-rules"

const { landing, referrer, utm } = LEAD_SOURCE_RULES
const Utm = () => Type.Optional(Type.String({ minLength: 1, ...utm }))

/** The contact body's fields about where the visit came from, all optional. */
export const LeadSourceFields = {
  /** The path of the visit's first page. */
  Landing: Type.Optional(Type.String(landing)),
  /** The host of the external page that linked to it. */
  Referrer: Type.Optional(Type.String(referrer)),
  UtmSource: Utm(),
  UtmMedium: Utm(),
  UtmCampaign: Utm(),
  UtmTerm: Utm(),
  UtmContent: Utm(),
}
