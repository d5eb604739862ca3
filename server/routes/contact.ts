import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox"
import { endpoints } from "../../contract/endpoints"
import { leadSourceOfBody } from "../../contract/lead-source"
import type { Deps } from "../deps"
import { messagesStored } from "../metrics/registry"
import type { DeliveryPlan } from "../store/messages"
import { acceptFormPosts, localizedPage } from "./form-posts"
import { enforceRateLimit } from "./rate-limit"
import { route } from "./route"
import { stripBidiControls } from "./strip-bidi"
import { trimBody } from "./trim-body"

// People take longer than this to fill in the form; scripts usually do not.
const MIN_FILL_MS = 2500

export const contactRoutes: FastifyPluginAsyncTypebox<Deps> = async (
  app,
  { config, store, outbox, site },
) => {
  acceptFormPosts(app, site, {
    url: endpoints.sendMessage.path,
    form: "contact",
    integers: ["ElapsedMs"],
    success: (language) => localizedPage("/contact/sent", language),
  })
  // Mail needs SMTP_URL; spam sets off nothing (messages.ts leaves it out).
  const deliveries: DeliveryPlan = {
    notify: config.smtpUrl !== null,
    ack: config.contactAck ? { perDay: config.contactAckPerDay } : null,
    webhooks: config.webhooks.map((w) => w.entry),
  }
  route(
    app,
    endpoints.sendMessage,
    { preValidation: [stripBidiControls, trimBody] },
    async (request, reply) => {
      await enforceRateLimit(store, config.contactRateLimit, "contact", request, reply)
      const body = request.body
      const spamReason = body.Website
        ? "honeypot"
        : body.ElapsedMs !== undefined && body.ElapsedMs < MIN_FILL_MS
          ? "too_fast"
          : null
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
