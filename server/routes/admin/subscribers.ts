import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox"
import { endpoints } from "../../../contract/endpoints"
import { actorOf } from "../../auth/roles"
import type { Deps } from "../../deps"
import { HttpError } from "../../http-error"
import { route } from "../route"
import { sendCsv } from "./csv"
import { paging } from "./paging"

export const adminSubscribersRoutes: FastifyPluginAsyncTypebox<
  Pick<Deps, "store" | "now"> & { siteUrl: string }
> = async (app, { store, now, siteUrl }) => {
  const unsubscribeUrl = (token: string) =>
    `${siteUrl}${endpoints.openUnsubscribeLink.path}?token=${token}`

  // The response schema writes only the contract's fields: tokens and consent records stay here.
  route(app, endpoints.listSubscribers, async (request) => {
    const page = paging(request.query)
    const { items, total } = await store.subscribers.list(
      request.query.q?.trim() || undefined,
      page,
    )
    return { items, total, page: page.page, pageSize: page.pageSize }
  })

  // The export is the mailing list: each unsubscribe link, for whoever sends the newsletter,
  // and only confirmed addresses, since a pending one has not agreed yet. Tokens are stored
  // hashed, so each export mints new links; those of earlier exports keep working.
  route(app, endpoints.exportSubscribers, async (request, reply) => {
    await store.audit.record(actorOf(request), { action: "subscribers_exported" })
    const filename = `subscribers-${new Date(now()).toISOString().slice(0, 10)}.csv`
    return sendCsv(
      reply,
      filename,
      ["email", "language", "subscribedAt", "confirmedAt", "unsubscribeUrl"],
      store.subscribers.eachWithUnsubscribeToken(request.query.q?.trim() || undefined, {
        confirmedOnly: true,
      }),
      (s) => [
        s.email,
        s.language,
        s.createdAt,
        s.confirmedAt ?? "",
        unsubscribeUrl(s.unsubscribeToken),
      ],
    )
  })

  route(app, endpoints.removeSubscriber, async (request, reply) => {
    if (!(await store.subscribers.remove(request.params.id)))
      throw new HttpError(404, "not_found", "No such subscriber.")
    return reply.code(204).send(null)
  })
}
