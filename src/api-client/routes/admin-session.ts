// Generated from the table of endpoints (contract/endpoints/) by `npm run api:generate`:
// do not edit. What the browser needs of each entry: its method and path; the request and
// answer types come from the table through contract/endpoints/types.ts, types only.
import type { RouteRef } from "../../../contract/endpoints/types"

export const login = "POST /api/admin/login" satisfies RouteRef
export const logout = "POST /api/admin/logout" satisfies RouteRef
export const getSession = "GET /api/admin/session" satisfies RouteRef
export const changePassword = "POST /api/admin/password" satisfies RouteRef
export const startTotp = "POST /api/admin/totp/setup" satisfies RouteRef
export const enableTotp = "POST /api/admin/totp/enable" satisfies RouteRef
export const disableTotp = "POST /api/admin/totp/disable" satisfies RouteRef
