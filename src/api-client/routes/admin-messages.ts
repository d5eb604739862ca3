// Generated from the table of endpoints (contract/endpoints/) by `npm run api:generate`:
// do not edit. What the browser needs of each entry: its method and path; the request and
// answer types come from the table through contract/endpoints/types.ts, types only.
import type { RouteRef } from "../../../contract/endpoints/types"

export const listMessages = "GET /api/admin/messages" satisfies RouteRef
export const exportMessages = "GET /api/admin/messages/export.csv" satisfies RouteRef
export const getMessage = "GET /api/admin/messages/:id" satisfies RouteRef
export const setMessageStatus = "PATCH /api/admin/messages/:id" satisfies RouteRef
export const deleteMessage = "DELETE /api/admin/messages/:id" satisfies RouteRef
export const bulkMessages = "POST /api/admin/messages/bulk" satisfies RouteRef
export const listAssignees = "GET /api/admin/assignees" satisfies RouteRef
export const assignMessage = "PUT /api/admin/messages/:id/assignee" satisfies RouteRef
export const listNotes = "GET /api/admin/messages/:id/notes" satisfies RouteRef
export const addNote = "POST /api/admin/messages/:id/notes" satisfies RouteRef
