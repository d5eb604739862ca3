import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox"
import { endpoints } from "../../contract/endpoints"
import { leadSourceOfBody } from "../../contract/lead-source"
import type { Deps } from "../deps"
import { messagesStored } from "../metrics/registry"
import { acceptFormPosts, localizedPage } from "./form-posts"
import { type LeadFormSettings, leadDeliveries, spamReasonOf } from "./lead-form"
import { enforceRateLimit } from "./rate-limit"
import { route } from "./route"
import { stripBidiControls } from "./strip-bidi"
import { trimBody } from "./trim-body"

export type ContactRoutesOptions = Pick<Deps, "store" | "outbox" | "site"> & LeadFormSettings

export const contactRoutes: FastifyPluginAsyncTypebox<ContactRoutesOptions> = async (
  app,
  { store, outbox, site, ...settings },
) => {
  acceptFormPosts(app, site, {
    url: endpoints.sendMessage.path,
    form: "contact",
    integers: ["ElapsedMs"],
    success: (language) => localizedPage("/contact/sent", language),
  })
  const deliveries = leadDeliveries(settings)
  route(
    app,
    endpoints.sendMessage,
    { preValidation: [stripBidiControls, trimBody] },
    async (request, reply) => {
      await enforceRateLimit(store, settings.contactRateLimit, "contact", request, reply)
      const body = request.body
      const spamReason = spamReasonOf(body)
      const id = await store.messages.create(
        {
          name: body.name,
          email: body.Email,
          company: body.Company || null,
          phone: body.Phone || null,
          message: body.Message,
          language: body.Language ?? null,
          page: body.Page ?? null,
          spamReason,
          source: leadSourceOfBody(body),
        },
        deliveries,
      )
      messagesStored.inc({ kind: spamReason ? "spam" : "message" })
      if (spamReason) request.log.info({ messageId: id, spamReason }, "message filed as spam")
      outbox.wake()
      return reply.code(201).send({ id })
    },
  )
}
