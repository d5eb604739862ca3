import { createHash } from "node:crypto"
import type { FastifyInstance } from "fastify"
import type { Deps } from "../app"
import { HttpError } from "../http-error"
import { ContactBody, ContactCreated, type ContactPayload } from "../schemas/contact"
import { trimBody } from "./trim-body"

// People take longer than this to fill in the form; scripts usually do not.
const MIN_FILL_MS = 2500

export async function contactRoutes(app: FastifyInstance, { config, store, notifier }: Deps) {
  const limit = config.contactRateLimit

  app.post<{ Body: ContactPayload }>(
    "/SendMessage",
    { schema: { body: ContactBody, response: { 201: ContactCreated } }, preValidation: trimBody },
    async (request, reply) => {
      if (limit) {
        // The address is hashed: the counters need to tell visitors apart, not to know them.
        const key = `contact:${createHash("sha256").update(request.ip).digest("base64url").slice(0, 22)}`
        if ((await store.rateLimits.hit(key, limit.windowMs)) > limit.max) {
          reply.header("retry-after", Math.ceil(limit.windowMs / 1000))
          throw new HttpError(429, "too_many_requests", "Too many messages from this address; please try again later.")
        }
      }
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
