// Generated from the table of endpoints (contract/endpoints/) by `npm run api:generate`:
// do not edit. What the browser needs of each entry: its method and path; the request and
// answer types come from the table through contract/endpoints/types.ts, types only.
import type { RouteRef } from "../../../contract/endpoints/types"

export const getSummary = "GET /api/admin/summary" satisfies RouteRef
export const getSourceCounts = "GET /api/admin/sources" satisfies RouteRef
export const getTranslationStatus = "GET /api/admin/translations" satisfies RouteRef
export const getAudience = "GET /api/admin/audience" satisfies RouteRef
export const exportAudience = "GET /api/admin/audience/export.csv" satisfies RouteRef
