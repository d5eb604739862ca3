import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox"
import { ContactBody, ContactCreated } from "../../contract/contact"
import { ErrorResponses } from "../../contract/errors"
import type { Deps } from "../deps"
import { enforceRateLimit } from "./rate-limit"
import { trimBody } from "./trim-body"

// People take longer than this to fill in the form; scripts usually do not.
const MIN_FILL_MS = 2500

export const contactRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { config, store, notifier }) => {
  app.post(
    "/SendMessage",
    { schema: { body: ContactBody, response: { 201: ContactCreated, ...ErrorResponses } }, preValidation: trimBody },
    async (request, reply) => {
      await enforceRateLimit(store, config.contactRateLimit, "contact", request, reply)
      const body = request.body
      const spamReason = body.Website ? "honeypot" : body.ElapsedMs !== undefined && body.ElapsedMs < MIN_FILL_MS ? "too_fast" : null
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
        },
        { notify: notifier !== null },
      )
      if (spamReason) request.log.info({ messageId: id, spamReason }, "message filed as spam")
      notifier?.wake()
      return reply.code(201).send({ id })
    },
  )
}
