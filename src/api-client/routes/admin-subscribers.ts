// Generated from the table of endpoints (contract/endpoints/) by `npm run api:generate`:
// do not edit. What the browser needs of each entry: its method and path; the request and
// answer types come from the table through contract/endpoints/types.ts, types only.
import type { RouteRef } from "../../../contract/endpoints/types"

export const listSubscribers = "GET /api/admin/subscribers" satisfies RouteRef
export const exportSubscribers = "GET /api/admin/subscribers/export.csv" satisfies RouteRef
export const removeSubscriber = "DELETE /api/admin/subscribers/:id" satisfies RouteRef
