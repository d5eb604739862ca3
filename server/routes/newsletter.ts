import type { FastifyInstance } from "fastify"
import type { Deps } from "../app"
import { HttpError } from "../http-error"
import { NewsletterBody, type NewsletterPayload, UnsubscribeBody, UnsubscribeQuery } from "../schemas/newsletter"
import { enforceRateLimit } from "./rate-limit"
import { trimBody } from "./trim-body"

// The site's confirmation page; French has no prefix, like every page of the site.
const unsubscribedPage = (language: string | null) => `${language && language !== "fr" ? `/${language}` : ""}/newsletter/unsubscribed`

export async function newsletterRoutes(app: FastifyInstance, { store, config }: Deps) {
  app.post<{ Body: NewsletterPayload }>("/api/newsletter", { schema: { body: NewsletterBody }, preValidation: trimBody }, async (request, reply) => {
    await enforceRateLimit(store, config.contactRateLimit, "newsletter", request, reply)
    const { created } = await store.subscribers.subscribe(request.body.email, request.body.language, request.body.consentVersion ?? null)
    return reply.code(created ? 201 : 200).send({ status: created ? "subscribed" : "already_subscribed" })
  })

  // The link in a mail: a browser gets the site's page, a script asking for JSON gets JSON.
  app.get<{ Querystring: { token: string } }>("/api/newsletter/unsubscribe", { schema: { querystring: UnsubscribeQuery } }, async (request, reply) => {
    const removed = await store.subscribers.unsubscribe(request.query.token)
    if ((request.headers.accept ?? "").includes("application/json")) {
      if (!removed) throw new HttpError(404, "unknown_token", "This unsubscribe link is unknown or was already used.")
      return { status: "unsubscribed" }
    }
    return reply.redirect(removed ? unsubscribedPage(removed.language) : `${unsubscribedPage(null)}?status=unknown`, 303)
  })

  // One-click unsubscribe (RFC 8058) posts the token instead of following the link.
  app.post<{ Body: { token: string } }>("/api/newsletter/unsubscribe", { schema: { body: UnsubscribeBody } }, async (request) => {
    if (!(await store.subscribers.unsubscribe(request.body.token))) {
      throw new HttpError(404, "unknown_token", "This unsubscribe link is unknown or was already used.")
    }
    return { status: "unsubscribed" }
  })
}
