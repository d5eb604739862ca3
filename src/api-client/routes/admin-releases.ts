// Generated from the table of endpoints (contract/endpoints/) by `npm run api:generate`:
// do not edit. What the browser needs of each entry: its method and path; the request and
// answer types come from the table through contract/endpoints/types.ts, types only.
import type { RouteRef } from "../../../contract/endpoints/types"

export const listReleases = "GET /api/admin/releases" satisfies RouteRef
export const getReleaseLog = "GET /api/admin/releases/:id/log" satisfies RouteRef
export const publishNow = "POST /api/admin/releases/publish" satisfies RouteRef
export const buildPreview = "POST /api/admin/releases/preview" satisfies RouteRef
export const rollBack = "POST /api/admin/releases/:id/rollback" satisfies RouteRef
