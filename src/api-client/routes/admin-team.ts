// Generated from the table of endpoints (contract/endpoints/) by `npm run api:generate`:
// do not edit. What the browser needs of each entry: its method and path; the request and
// answer types come from the table through contract/endpoints/types.ts, types only.
import type { RouteRef } from "../../../contract/endpoints/types"

export const listUsers = "GET /api/admin/users" satisfies RouteRef
export const addUser = "POST /api/admin/users" satisfies RouteRef
export const setUserRole = "PATCH /api/admin/users/:id" satisfies RouteRef
export const removeUser = "DELETE /api/admin/users/:id" satisfies RouteRef
export const resetUserTotp = "DELETE /api/admin/users/:id/totp" satisfies RouteRef
export const listAudit = "GET /api/admin/audit" satisfies RouteRef
