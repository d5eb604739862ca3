// Generated from the table of endpoints (contract/endpoints/) by `npm run api:generate`:
// do not edit. What the browser needs of each entry: its method and path; the request and
// answer types come from the table through contract/endpoints/types.ts, types only.
import type { RouteRef } from "../../../contract/endpoints/types"

export const getOutbox = "GET /api/admin/outbox" satisfies RouteRef
export const retryDelivery = "POST /api/admin/outbox/:id/retry" satisfies RouteRef
export const listWebhooks = "GET /api/admin/webhooks" satisfies RouteRef
export const sendTestEvent = "POST /api/admin/webhooks/:index/test" satisfies RouteRef
