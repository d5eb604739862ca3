import type { FastifyInstance } from "fastify"
import type { Deps } from "../app"
import { HttpError } from "../http-error"
import { NewsletterBody, type NewsletterPayload, TokenQuery, UnsubscribeBody } from "../schemas/newsletter"
import { enforceRateLimit } from "./rate-limit"
import { trimBody } from "./trim-body"

// The site's pages for the outcome of a link; French has no prefix, like every page of the site.
const sitePage = (page: string, language: string | null) => `${language && language !== "fr" ? `/${language}` : ""}/newsletter/${page}`
const unsubscribedPage = (language: string | null) => sitePage("unsubscribed", language)

export async function newsletterRoutes(app: FastifyInstance, { store, config, newsletterMailer }: Deps) {
  // With a mail server, double opt-in: the subscription counts once the address confirms it
  // from the mail. Without one there is no way to ask, and it counts at once.
  app.post<{ Body: NewsletterPayload }>("/api/newsletter", { schema: { body: NewsletterBody }, preValidation: trimBody }, async (request, reply) => {
    await enforceRateLimit(store, config.contactRateLimit, "newsletter", request, reply)
    const { email, language, consentVersion } = request.body
    const subscription = await store.subscribers.subscribe(email, language, consentVersion ?? null, newsletterMailer === null)
    const code = subscription.created ? 201 : 200
    if (subscription.confirmed) return reply.code(code).send({ status: subscription.created ? "subscribed" : "already_subscribed" })
    try {
      await newsletterMailer!.sendConfirmation({ email: email.toLowerCase(), language: subscription.language, token: subscription.token })
    } catch (error) {
      // The pending subscription stays: asking again sends the link again.
      request.log.warn({ err: error }, "newsletter confirmation mail failed")
      throw new HttpError(503, "mail_unavailable", "The confirmation mail could not be sent; please try again in a few minutes.")
    }
    return reply.code(code).send({ status: "confirmation_sent" })
  })

  // The link in the confirmation mail, like the unsubscribe link below.
  app.get<{ Querystring: { token: string } }>("/api/newsletter/confirm", { schema: { querystring: TokenQuery } }, async (request, reply) => {
    const confirmed = await store.subscribers.confirm(request.query.token)
    if ((request.headers.accept ?? "").includes("application/json")) {
      if (!confirmed) throw new HttpError(404, "unknown_token", "This confirmation link is unknown, expired or was already used to unsubscribe.")
      return { status: "confirmed" }
    }
    return reply.redirect(confirmed ? sitePage("confirmed", confirmed.language) : `${sitePage("confirmed", null)}?status=unknown`, 303)
  })

  // The link in a mail: a browser gets the site's page, a script asking for JSON gets JSON.
  app.get<{ Querystring: { token: string } }>("/api/newsletter/unsubscribe", { schema: { querystring: TokenQuery } }, async (request, reply) => {
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
