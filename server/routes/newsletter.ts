import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from "@fastify/type-provider-typebox"
import type { FastifyReply } from "fastify"
import { ErrorResponses, NoBody } from "../../contract/errors"
import { DEFAULT_LANGUAGE, type Language, localizePath } from "../../contract/languages"
import {
  ConfirmAnswer,
  NewsletterBody,
  SubscribeAnswer,
  TokenBody,
  TokenQuery,
  UnsubscribeAnswer,
  UnsubscribeBody,
  UnsubscribeQuery,
} from "../../contract/newsletter"
import type { Deps } from "../deps"
import { HttpError } from "../http-error"
import { enforceRateLimit } from "./rate-limit"
import { trimBody } from "./trim-body"

// The site's pages where the links in mails land, in the subscriber's language.
const sitePage = (page: string, language: Language | null) => localizePath(`/newsletter/${page}`, language ?? DEFAULT_LANGUAGE)

export const newsletterRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { store, config, newsletterMailer }) => {
  // With a mail server, double opt-in: the subscription counts once the address confirms it
  // from the mail. Without one there is no way to ask, and it counts at once.
  app.post(
    "/api/newsletter",
    { schema: { body: NewsletterBody, response: { 200: SubscribeAnswer, 201: SubscribeAnswer, ...ErrorResponses } }, preValidation: trimBody },
    async (request, reply) => {
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
    },
  )

  // The links in mails change nothing by being opened, because mail scanners open links:
  // they send the browser to the site's page in the subscriber's language, which asks for a
  // click and then posts the token below. An unknown token lands on the page's unknown state.
  const landing = (page: string) => async (request: { query: { token: string } }, reply: FastifyReply) => {
    const language = await store.subscribers.languageOf(request.query.token)
    return reply.redirect(language ? `${sitePage(page, language)}?token=${request.query.token}` : `${sitePage(page, null)}?status=unknown`, 303)
  }
  const landingSchema = { schema: { querystring: TokenQuery, response: { 303: NoBody, ...ErrorResponses } } }
  app.get("/api/newsletter/confirm", landingSchema, landing("confirmed"))
  app.get("/api/newsletter/unsubscribe", landingSchema, landing("unsubscribed"))

  app.post("/api/newsletter/confirm", { schema: { body: TokenBody, response: { 200: ConfirmAnswer, ...ErrorResponses } } }, async (request) => {
    if (!(await store.subscribers.confirm(request.body.token))) {
      throw new HttpError(404, "unknown_token", "This confirmation link is unknown, expired or was already used to unsubscribe.")
    }
    return { status: "confirmed" as const }
  })

  app.register(async (scope) => {
    const oneClick = scope.withTypeProvider<TypeBoxTypeProvider>()
    // Mail clients post the one-click form encoded; only this route reads that encoding.
    oneClick.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)))
    })
    oneClick.post(
      "/api/newsletter/unsubscribe",
      { schema: { body: UnsubscribeBody, querystring: UnsubscribeQuery, response: { 200: UnsubscribeAnswer, ...ErrorResponses } } },
      async (request) => {
        const token = "token" in request.body ? request.body.token : request.query.token
        if (!token) throw new HttpError(400, "invalid_querystring", "A one-click unsubscribe needs the token of its link.")
        if (!(await store.subscribers.unsubscribe(token))) {
          throw new HttpError(404, "unknown_token", "This unsubscribe link is unknown or was already used.")
        }
        return { status: "unsubscribed" as const }
      },
    )
  })
}
