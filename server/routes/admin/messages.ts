import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox"
import { BulkAnswer, BulkBody, Download, IdParams, MessageExportQuery, MessageListQuery, PageOf, StatusBody } from "../../../contract/admin"
import { ErrorResponses, NoBody } from "../../../contract/errors"
import { Message } from "../../../contract/message"
import type { Deps } from "../../deps"
import { HttpError } from "../../http-error"
import { sendCsv } from "./csv"
import { messageFilter, paging } from "./paging"

const notFound = () => new HttpError(404, "not_found", "No such message.")

export const adminMessagesRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { store, now }) => {
  app.get("/api/admin/messages", { schema: { querystring: MessageListQuery, response: { 200: PageOf(Message), ...ErrorResponses } } }, async (request) => {
    const page = paging(request.query)
    const { items, total } = await store.messages.list(messageFilter(request.query), page)
    return { items, total, page: page.page, pageSize: page.pageSize }
  })

  app.get("/api/admin/messages/export.csv", { schema: { querystring: MessageExportQuery, response: { 200: Download, ...ErrorResponses } } }, async (request, reply) => {
    const filename = `messages-${new Date(now()).toISOString().slice(0, 10)}.csv`
    const header = ["id", "receivedAt", "status", "name", "email", "company", "phone", "language", "page", "message"]
    return sendCsv(reply, filename, header, store.messages.each(messageFilter(request.query)), (m) => [
      m.id, m.createdAt, m.status, m.name, m.email, m.company, m.phone, m.language, m.page, m.message,
    ])
  })

  app.get("/api/admin/messages/:id", { schema: { params: IdParams, response: { 200: Message, ...ErrorResponses } } }, async (request) => {
    const message = await store.messages.get(request.params.id)
    if (!message) throw notFound()
    return message
  })

  app.patch("/api/admin/messages/:id", { schema: { params: IdParams, body: StatusBody, response: { 200: Message, ...ErrorResponses } } }, async (request) => {
    if ((await store.messages.setStatus([request.params.id], request.body.status)) === 0) throw notFound()
    const message = await store.messages.get(request.params.id)
    if (!message) throw notFound()
    return message
  })

  app.delete("/api/admin/messages/:id", { schema: { params: IdParams, response: { 204: NoBody, ...ErrorResponses } } }, async (request, reply) => {
    if ((await store.messages.remove([request.params.id])) === 0) throw notFound()
    return reply.code(204).send(null)
  })

  app.post("/api/admin/messages/bulk", { schema: { body: BulkBody, response: { 200: BulkAnswer, ...ErrorResponses } } }, async (request) => {
    const { ids, action } = request.body
    const changed = action === "delete" ? await store.messages.remove(ids) : await store.messages.setStatus(ids, action)
    return { changed }
  })
}
