import type { FastifyInstance } from "fastify"
import type { Deps } from "../../app"
import { actorOf } from "../../auth/roles"
import { type EmailPayload, EmailBody, type ErasureListParams, ErasureListQuery } from "../../schemas/data-rights"
import { trimBody } from "../trim-body"
import { paging } from "./paging"

/** A person's rights over what the site stores about their address: access, portability, erasure. */
export async function adminDataRightsRoutes(app: FastifyInstance, { store, now }: Deps) {
  app.post<{ Body: EmailPayload }>("/api/admin/data-rights/search", { schema: { body: EmailBody }, preValidation: trimBody }, async (request) =>
    store.privacy.find(request.body.email),
  )

  // The same data as a file to hand to the person (GDPR article 20: a structured, common format).
  app.post<{ Body: EmailPayload }>("/api/admin/data-rights/export", { schema: { body: EmailBody }, preValidation: trimBody }, async (request, reply) => {
    const data = await store.privacy.find(request.body.email)
    await store.audit.record(actorOf(request), { action: "personal_data_exported" })
    const filename = `personal-data-${new Date(now()).toISOString().slice(0, 10)}.json`
    return reply
      .header("content-type", "application/json; charset=utf-8")
      .header("content-disposition", `attachment; filename="${filename}"`)
      .header("cache-control", "no-store")
      .send(JSON.stringify({ exportedAt: new Date(now()).toISOString(), ...data }, null, 2))
  })

  app.post<{ Body: EmailPayload }>("/api/admin/data-rights/erase", { schema: { body: EmailBody }, preValidation: trimBody }, async (request) => {
    const erasure = await store.privacy.erase(request.body.email, request.adminSession!.username)
    await store.audit.record(actorOf(request), { action: "personal_data_erased", detail: erasure.id })
    request.log.info({ erasureId: erasure.id, messages: erasure.messages, subscriptions: erasure.subscriptions }, "personal data erased")
    return erasure
  })

  app.get<{ Querystring: ErasureListParams }>("/api/admin/data-rights/erasures", { schema: { querystring: ErasureListQuery } }, async (request) => {
    const page = paging(request.query)
    const { items, total } = await store.privacy.erasures(page)
    return { items, total, page: page.page, pageSize: page.pageSize }
  })
}
