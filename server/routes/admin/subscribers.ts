import type { FastifyInstance } from "fastify"
import type { Deps } from "../../app"
import { actorOf } from "../../auth/roles"
import { HttpError } from "../../http-error"
import { IdParams, SubscriberExportQuery, SubscriberListQuery, type SubscriberListParams } from "../../schemas/admin"
import { sendCsv } from "./csv"
import { paging } from "./paging"

export async function adminSubscribersRoutes(app: FastifyInstance, { store, config, now }: Deps) {
  const unsubscribeUrl = (token: string) => `${config.siteUrl}/api/newsletter/unsubscribe?token=${token}`

  app.get<{ Querystring: SubscriberListParams }>("/api/admin/subscribers", { schema: { querystring: SubscriberListQuery } }, async (request) => {
    const page = paging(request.query)
    const { items, total } = await store.subscribers.list(request.query.q?.trim() || undefined, page)
    return { items: items.map(({ consentAt, consentVersion, ...subscriber }) => subscriber), total, page: page.page, pageSize: page.pageSize }
  })

  // The export is the mailing list: each unsubscribe link, for whoever sends the newsletter,
  // and only confirmed addresses, since a pending one has not agreed yet. Tokens are stored
  // hashed, so each export mints new links; those of earlier exports keep working.
  app.get<{ Querystring: { q?: string } }>("/api/admin/subscribers/export.csv", { schema: { querystring: SubscriberExportQuery } }, async (request, reply) => {
    await store.audit.record(actorOf(request), { action: "subscribers_exported" })
    const filename = `subscribers-${new Date(now()).toISOString().slice(0, 10)}.csv`
    return sendCsv(reply, filename, ["email", "language", "subscribedAt", "confirmedAt", "unsubscribeUrl"], store.subscribers.eachWithUnsubscribeToken(request.query.q?.trim() || undefined, { confirmedOnly: true }), (s) => [
      s.email, s.language, s.createdAt, s.confirmedAt ?? "", unsubscribeUrl(s.unsubscribeToken),
    ])
  })

  app.delete<{ Params: { id: string } }>("/api/admin/subscribers/:id", { schema: { params: IdParams } }, async (request, reply) => {
    if (!(await store.subscribers.remove(request.params.id))) throw new HttpError(404, "not_found", "No such subscriber.")
    return reply.code(204).send()
  })
}
