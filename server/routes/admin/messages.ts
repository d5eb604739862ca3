import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox"
import { endpoints } from "../../../contract/endpoints"
import { LEAD_SOURCE_NAMES } from "../../../contract/lead-source"
import { actorOf, requireOwner } from "../../auth/roles"
import type { Deps } from "../../deps"
import { HttpError } from "../../http-error"
import { route } from "../route"
import { sendCsv } from "./csv"
import { messageFilter, paging } from "./paging"

const notFound = () => new HttpError(404, "not_found", "No such message.")

// The shared inbox's and the lead source's columns come after the message, so that the
// first ten stay where spreadsheets built on older exports expect them; then the lead's kind
// and, for a quote request (whose message is the summary of its estimate), its rate card.
export const MESSAGE_CSV_COLUMNS = [
  "id",
  "receivedAt",
  "status",
  "name",
  "email",
  "company",
  "phone",
  "language",
  "page",
  "message",
  "assignee",
  ...LEAD_SOURCE_NAMES,
  "kind",
  "rateCardVersion",
]

export const adminMessagesRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { store, now }) => {
  route(app, endpoints.listMessages, async (request) => {
    const page = paging(request.query)
    const { items, total } = await store.messages.list(
      messageFilter(request.query, request.adminSession!.adminId),
      page,
    )
    return { items, total, page: page.page, pageSize: page.pageSize }
  })

  route(app, endpoints.exportMessages, async (request, reply) => {
    const filename = `messages-${new Date(now()).toISOString().slice(0, 10)}.csv`
    // The filter's shape, not its search text, which may hold a visitor's name or address.
    const { q, ...shape } = request.query
    await store.audit.record(actorOf(request), {
      action: "messages_exported",
      detail: JSON.stringify({ ...shape, q: q ? "…" : undefined }),
    })
    return sendCsv(
      reply,
      filename,
      MESSAGE_CSV_COLUMNS,
      store.messages.each(messageFilter(request.query, request.adminSession!.adminId)),
      (m) => [
        m.id,
        m.createdAt,
        m.status,
        m.name,
        m.email,
        m.company,
        m.phone,
        m.language,
        m.page,
        m.message,
        m.assignee?.username ?? null,
        ...LEAD_SOURCE_NAMES.map((name) => m.source[name]),
        m.kind,
        m.quote?.rateCardVersion ?? null,
      ],
    )
  })

  route(app, endpoints.getMessage, async (request) => {
    const message = await store.messages.get(request.params.id)
    if (!message) throw notFound()
    return message
  })

  // { status: "replied" } is what the admin's Reply button sends as it opens the mail.
  route(app, endpoints.setMessageStatus, async (request) => {
    if (
      (await store.messages.setStatus(
        [request.params.id],
        request.body.status,
        actorOf(request),
      )) === 0
    )
      throw notFound()
    const message = await store.messages.get(request.params.id)
    if (!message) throw notFound()
    return message
  })

  route(app, endpoints.deleteMessage, { preHandler: requireOwner }, async (request, reply) => {
    if ((await store.messages.remove([request.params.id], actorOf(request))) === 0) throw notFound()
    return reply.code(204).send(null)
  })

  route(app, endpoints.bulkMessages, async (request) => {
    const { ids, action } = request.body
    if (action === "delete") await requireOwner(request)
    const changed =
      action === "delete"
        ? await store.messages.remove(ids, actorOf(request))
        : await store.messages.setStatus(ids, action, actorOf(request))
    return { changed }
  })
}
