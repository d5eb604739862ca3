import type { FastifyInstance } from "fastify"
import type { Deps } from "../../app"
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

export async function adminMessagesRoutes(app: FastifyInstance, { store, now }: Deps) {
  app.get<{ Querystring: MessageListParams }>("/api/admin/messages", { schema: { querystring: MessageListQuery } }, async (request) => {
    const page = paging(request.query)
    const { items, total } = await store.messages.list(messageFilter(request.query), page)
    return { items, total, page: page.page, pageSize: page.pageSize }
  })

  app.get<{ Querystring: MessageListParams }>("/api/admin/messages/export.csv", { schema: { querystring: MessageExportQuery } }, async (request, reply) => {
    const filename = `messages-${new Date(now()).toISOString().slice(0, 10)}.csv`
    const header = ["id", "receivedAt", "status", "name", "email", "company", "phone", "language", "page", "message"]
    return sendCsv(reply, filename, header, store.messages.each(messageFilter(request.query)), (m) => [
      m.id, m.createdAt, m.status, m.name, m.email, m.company, m.phone, m.language, m.page, m.message,
    ])
  })

  app.get<{ Params: { id: string } }>("/api/admin/messages/:id", { schema: { params: IdParams } }, async (request) => {
    const message = await store.messages.get(request.params.id)
    if (!message) throw notFound()
    return message
  })

  app.patch<{ Params: { id: string }; Body: { status: MessageStatus } }>(
    "/api/admin/messages/:id",
    { schema: { params: IdParams, body: StatusBody } },
    async (request) => {
      if ((await store.messages.setStatus([request.params.id], request.body.status)) === 0) throw notFound()
      return store.messages.get(request.params.id)
    },
  )

  app.delete<{ Params: { id: string } }>("/api/admin/messages/:id", { schema: { params: IdParams } }, async (request, reply) => {
    if ((await store.messages.remove([request.params.id])) === 0) throw notFound()
    return reply.code(204).send()
  })

  app.post<{ Body: BulkPayload }>("/api/admin/messages/bulk", { schema: { body: BulkBody } }, async (request) => {
    const { ids, action } = request.body
    const changed = action === "delete" ? await store.messages.remove(ids) : await store.messages.setStatus(ids, action)
    return { changed }
  })
}
