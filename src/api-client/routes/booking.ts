// Generated from the table of endpoints (contract/endpoints/) by `npm run api:generate`:
// do not edit. What the browser needs of each entry: its method and path; the request and
// answer types come from the table through contract/endpoints/types.ts, types only.
import type { RouteRef } from "../../../contract/endpoints/types"

export const listSlots = "GET /api/booking/slots" satisfies RouteRef
export const bookMeeting = "POST /api/booking" satisfies RouteRef
export const getBooking = "GET /api/booking/manage" satisfies RouteRef
export const getBookingInvitation = "GET /api/booking/invitation.ics" satisfies RouteRef
export const rescheduleBooking = "POST /api/booking/reschedule" satisfies RouteRef
export const cancelBooking = "POST /api/booking/cancel" satisfies RouteRef
export const getMemberFeed = "GET /api/booking/feed/:token" satisfies RouteRef
