import type { FastifyInstance } from "fastify"
import type { Deps } from "../app"
import { ContactBody, ContactCreated, type ContactPayload } from "../schemas/contact"
import { enforceRateLimit } from "./rate-limit"
import { trimBody } from "./trim-body"

// People take longer than this to fill in the form; scripts usually do not.
const MIN_FILL_MS = 2500

export async function contactRoutes(app: FastifyInstance, { config, store, notifier }: Deps) {
  app.post<{ Body: ContactPayload }>(
    "/SendMessage",
    { schema: { body: ContactBody, response: { 201: ContactCreated } }, preValidation: trimBody },
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
          source: {
            landingPage: body.Landing || null,
            referrer: body.Referrer || null,
            utmSource: body.UtmSource || null,
            utmMedium: body.UtmMedium || null,
            utmCampaign: body.UtmCampaign || null,
            utmTerm: body.UtmTerm || null,
            utmContent: body.UtmContent || null,
          },
        },
        { notify: notifier !== null },
      )
      if (spamReason) request.log.info({ messageId: id, spamReason }, "message filed as spam")
      notifier?.wake()
      return reply.code(201).send({ id })
    },
  )
}
