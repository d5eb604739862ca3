// Generated from the table of endpoints (contract/endpoints/) by `npm run api:generate`:
// do not edit. What the browser needs of each entry: its method and path; the request and
// answer types come from the table through contract/endpoints/types.ts, types only.
import type { RouteRef } from "../../../contract/endpoints/types"

export const bookingPage = "GET /contact/booking" satisfies RouteRef
export const bookingPageInLanguage = "GET /:language/contact/booking" satisfies RouteRef
export const manageBookingPage = "GET /contact/booking/manage" satisfies RouteRef
export const manageBookingPageInLanguage =
  "GET /:language/contact/booking/manage" satisfies RouteRef
