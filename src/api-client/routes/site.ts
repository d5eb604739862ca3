// Generated from the table of endpoints (contract/endpoints/) by `npm run api:generate`:
// do not edit. What the browser needs of each entry: its method and path; the request and
// answer types come from the table through contract/endpoints/types.ts, types only.
import type { RouteRef } from "../../../contract/endpoints/types"

export const sendMessage = "POST /SendMessage" satisfies RouteRef
export const subscribe = "POST /api/newsletter" satisfies RouteRef
export const openConfirmLink = "GET /api/newsletter/confirm" satisfies RouteRef
export const openUnsubscribeLink = "GET /api/newsletter/unsubscribe" satisfies RouteRef
export const confirmSubscription = "POST /api/newsletter/confirm" satisfies RouteRef
export const unsubscribe = "POST /api/newsletter/unsubscribe" satisfies RouteRef
