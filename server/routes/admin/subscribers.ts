import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox"
import {
  Download,
  IdParams,
  PageOf,
  SubscriberExportQuery,
  SubscriberListQuery,
} from "../../../contract/admin"
import { ErrorResponses, NoBody } from "../../../contract/errors"
import { Subscriber } from "../../../contract/subscriber"
import { actorOf } from "../../auth/roles"
import type { Deps } from "../../deps"
import { HttpError } from "../../http-error"
import { sendCsv } from "./csv"
import { paging } from "./paging"

export const adminSubscribersRoutes: FastifyPluginAsyncTypebox<Deps> = async (
  app,
  { store, config, now },
) => {
  const unsubscribeUrl = (token: string) =>
    `${config.siteUrl}/api/newsletter/unsubscribe?token=${token}`

  // The response schema writes only the contract's fields: tokens and consent records stay here.
  app.get(
    "/api/admin/subscribers",
    {
      schema: {
        querystring: SubscriberListQuery,
        response: { 200: PageOf(Subscriber), ...ErrorResponses },
      },
    },
    async (request) => {
      const page = paging(request.query)
      const { items, total } = await store.subscribers.list(
        request.query.q?.trim() || undefined,
        page,
      )
      return { items, total, page: page.page, pageSize: page.pageSize }
    },
  )

  // The export is the mailing list: each unsubscribe link, for whoever sends the newsletter,
  // and only confirmed addresses, since a pending one has not agreed yet. Tokens are stored
  // hashed, so each export mints new links; those of earlier exports keep working.
  app.get(
    "/api/admin/subscribers/export.csv",
    {
      schema: {
        querystring: SubscriberExportQuery,
        response: { 200: Download, ...ErrorResponses },
      },
    },
    async (request, reply) => {
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
    },
  )

  app.delete(
    "/api/admin/subscribers/:id",
    { schema: { params: IdParams, response: { 204: NoBody, ...ErrorResponses } } },
    async (request, reply) => {
      if (!(await store.subscribers.remove(request.params.id)))
        throw new HttpError(404, "not_found", "No such subscriber.")
      return reply.code(204).send(null)
    },
  )
}
