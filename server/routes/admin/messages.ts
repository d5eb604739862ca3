import type { FastifyInstance } from "fastify"
import type { Deps } from "../../app"
import { actorOf, requireOwner } from "../../auth/roles"
import { HttpError } from "../../http-error"
import {
  BulkBody,
  type BulkPayload,
  IdParams,
  MessageExportQuery,
  MessageListQuery,
  type MessageListParams,
  StatusBody,
} from "../../schemas/admin"
import type { MessageStatus } from "../../store/schema"
import { sendCsv } from "./csv"
import { messageFilter, paging } from "./paging"

const notFound = () => new HttpError(404, "not_found", "No such message.")

// The shared inbox's and the lead source's columns come after the message, so that the
// first ten stay where spreadsheets built on older exports expect them.
export const MESSAGE_CSV_COLUMNS = [
  "id", "receivedAt", "status", "name", "email", "company", "phone", "language", "page", "message",
  "assignee", "landingPage", "referrer", "utmSource", "utmMedium", "utmCampaign", "utmTerm", "utmContent",
]

export async function adminMessagesRoutes(app: FastifyInstance, { store, now }: Deps) {
  app.get<{ Querystring: MessageListParams }>("/api/admin/messages", { schema: { querystring: MessageListQuery } }, async (request) => {
    const page = paging(request.query)
    const { items, total } = await store.messages.list(messageFilter(request.query, request.adminSession!.adminId), page)
    return { items, total, page: page.page, pageSize: page.pageSize }
  })

  app.get<{ Querystring: MessageListParams }>("/api/admin/messages/export.csv", { schema: { querystring: MessageExportQuery } }, async (request, reply) => {
    const filename = `messages-${new Date(now()).toISOString().slice(0, 10)}.csv`
    // The filter's shape, not its search text, which may hold a visitor's name or address.
    const { q, ...shape } = request.query
    await store.audit.record(actorOf(request), { action: "messages_exported", detail: JSON.stringify({ ...shape, q: q ? "…" : undefined }) })
    return sendCsv(reply, filename, MESSAGE_CSV_COLUMNS, store.messages.each(messageFilter(request.query, request.adminSession!.adminId)), (m) => [
      m.id, m.createdAt, m.status, m.name, m.email, m.company, m.phone, m.language, m.page, m.message,
      m.assignee?.username ?? null, m.source.landingPage, m.source.referrer, m.source.utmSource, m.source.utmMedium,
      m.source.utmCampaign, m.source.utmTerm, m.source.utmContent,
    ])
  })

  app.get<{ Params: { id: string } }>("/api/admin/messages/:id", { schema: { params: IdParams } }, async (request) => {
    const message = await store.messages.get(request.params.id)
    if (!message) throw notFound()
    return message
  })

  // { status: "replied" } is what the admin's Reply button sends as it opens the mail.
  app.patch<{ Params: { id: string }; Body: { status: MessageStatus } }>(
    "/api/admin/messages/:id",
    { schema: { params: IdParams, body: StatusBody } },
    async (request) => {
      if ((await store.messages.setStatus([request.params.id], request.body.status, actorOf(request))) === 0) throw notFound()
      return store.messages.get(request.params.id)
    },
  )

  app.delete<{ Params: { id: string } }>("/api/admin/messages/:id", { schema: { params: IdParams }, preHandler: requireOwner }, async (request, reply) => {
    if ((await store.messages.remove([request.params.id], actorOf(request))) === 0) throw notFound()
    return reply.code(204).send()
  })

  app.post<{ Body: BulkPayload }>("/api/admin/messages/bulk", { schema: { body: BulkBody } }, async (request) => {
    const { ids, action } = request.body
    if (action === "delete") await requireOwner(request)
    const changed = action === "delete" ? await store.messages.remove(ids, actorOf(request)) : await store.messages.setStatus(ids, action, actorOf(request))
    return { changed }
  })
}
