import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox"
import { PersonalDataFile } from "../../../contract/data-rights"
import { endpoints } from "../../../contract/endpoints"
import { actorOf } from "../../auth/roles"
import type { Deps } from "../../deps"
import { route } from "../route"
import { trimBody } from "../trim-body"
import { paging } from "./paging"

/** A person's rights over what the site stores about their address: access, portability, erasure. */
export const adminDataRightsRoutes: FastifyPluginAsyncTypebox<Deps> = async (
  app,
  { store, now },
) => {
  route(app, endpoints.findPersonalData, { preValidation: trimBody }, async (request) =>
    store.privacy.find(request.body.email),
  )

  // The same data as a file to hand to the person (GDPR article 20: a structured, common format).
  // The file is sent as text, past the response schema: the contract's serializer filters it
  // here, as it filters the search's answer, so a column added to the store never leaks into it.
  route(app, endpoints.exportPersonalData, { preValidation: trimBody }, async (request, reply) => {
    const data = await store.privacy.find(request.body.email)
    await store.audit.record(actorOf(request), { action: "personal_data_exported" })
    const filename = `personal-data-${new Date(now()).toISOString().slice(0, 10)}.json`
    return reply
      .header("content-type", "application/json; charset=utf-8")
      .header("content-disposition", `attachment; filename="${filename}"`)
      .header("cache-control", "no-store")
      .send(
        JSON.stringify(
          JSON.parse(
            reply.serializeInput(
              { exportedAt: new Date(now()).toISOString(), ...data },
              PersonalDataFile,
            ),
          ),
          null,
          2,
        ),
      )
  })

  route(app, endpoints.erasePersonalData, { preValidation: trimBody }, async (request) => {
    const erasure = await store.privacy.erase(request.body.email, request.adminSession!.username)
    await store.audit.record(actorOf(request), {
      action: "personal_data_erased",
      detail: erasure.id,
    })
    request.log.info(
      { erasureId: erasure.id, messages: erasure.messages, subscriptions: erasure.subscriptions },
      "personal data erased",
    )
    return erasure
  })

  route(app, endpoints.listErasures, async (request) => {
    const page = paging(request.query)
    const { items, total } = await store.privacy.erasures(page)
    return { items, total, page: page.page, pageSize: page.pageSize }
  })
}
