// Generated from the table of endpoints (contract/endpoints/) by `npm run api:generate`:
// do not edit. What the browser needs of each entry: its method and path; the request and
// answer types come from the table through contract/endpoints/types.ts, types only.
import type { RouteRef } from "../../../contract/endpoints/types"

export const listMeetings = "GET /api/admin/meetings" satisfies RouteRef
export const setMeetingOutcome = "POST /api/admin/meetings/:id/outcome" satisfies RouteRef
export const getBookingSettings = "GET /api/admin/meetings/settings" satisfies RouteRef
export const setAvailability = "PUT /api/admin/meetings/availability/:id" satisfies RouteRef
export const setClosures = "PUT /api/admin/meetings/closures" satisfies RouteRef
export const setMeetingType = "PUT /api/admin/meetings/types/:id" satisfies RouteRef
export const renewMyFeed = "POST /api/admin/meetings/feed" satisfies RouteRef
export const revokeMyFeed = "DELETE /api/admin/meetings/feed" satisfies RouteRef
