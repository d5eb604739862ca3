import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from "@fastify/type-provider-typebox"
import type { FastifyReply } from "fastify"
import { endpoints } from "../../contract/endpoints"
import { DEFAULT_LANGUAGE, type Language, localizePath } from "../../contract/languages"
import type { Deps } from "../deps"
import { HttpError } from "../http-error"
import type { RateLimit } from "../store/sliding-window"
import { acceptFormPosts, localizedPage } from "./form-posts"
import { named } from "./plugin-name"
import { enforceRateLimit } from "./rate-limit"
import { route } from "./route"
import { trimBody } from "./trim-body"

// The site's pages where the links in mails land, in the subscriber's language.
const sitePage = (page: string, language: Language | null) =>
  localizePath(`/newsletter/${page}`, language ?? DEFAULT_LANGUAGE)

export type NewsletterRoutesOptions = Pick<Deps, "store" | "outbox" | "site"> & {
  smtpUrl: string | null
  contactRateLimit: RateLimit | null
}

export const newsletterRoutes: FastifyPluginAsyncTypebox<NewsletterRoutesOptions> = async (
  app,
  { store, outbox, site, smtpUrl, contactRateLimit },
) => {
  acceptFormPosts(app, site, {
    url: endpoints.subscribe.path,
    form: "newsletter",
    success: (language) => localizedPage("/newsletter/thanks", language),
  })
  const doubleOptIn = smtpUrl !== null
  // With a mail server, double opt-in: the subscription counts once the address confirms it
  // from the mail. Without one there is no way to ask, and it counts at once. The answer is
  // the same whether the address was new, pending or subscribed (202, one body per mode), so
  // it tells no one who is subscribed; a confirmation mail goes out at most once a day.
  const accepted = { status: doubleOptIn ? "confirmation_sent" : "subscribed" } as const
  route(app, endpoints.subscribe, { preValidation: trimBody }, async (request, reply) => {
    await enforceRateLimit(store, contactRateLimit, "newsletter", request, reply)
    const { email, language, consentVersion } = request.body
    // A confirmation mail that is due is queued in the subscription's own transaction; the
    // outbox sends it, with retries, after the answer.
    const subscription = await store.subscribers.subscribe(
      email,
      language,
      consentVersion ?? null,
      !doubleOptIn,
    )
    if (subscription.mailQueued) outbox.wake()
    return reply.code(202).send(accepted)
  })

  // The links in mails change nothing by being opened, because mail scanners open links:
  // they send the browser to the site's page in the subscriber's language, which asks for a
  // click and then posts the token below. An unknown token lands on the page's unknown state.
  const landing =
    (page: string) => async (request: { query: { token: string } }, reply: FastifyReply) => {
      const language = await store.subscribers.languageOf(request.query.token)
      return reply.redirect(
        language
          ? `${sitePage(page, language)}?token=${request.query.token}`
          : `${sitePage(page, null)}?status=unknown`,
        303,
      )
    }
  route(app, endpoints.openConfirmLink, landing("confirmed"))
  route(app, endpoints.openUnsubscribeLink, landing("unsubscribed"))

  route(app, endpoints.confirmSubscription, async (request) => {
    if (!(await store.subscribers.confirm(request.body.token))) {
      throw new HttpError(
        404,
        "unknown_token",
        "This confirmation link is unknown, expired or was already used to unsubscribe.",
      )
    }
    return { status: "confirmed" as const }
  })

  app.register(
    named(async function oneClickUnsubscribeRoute(scope) {
      const oneClick = scope.withTypeProvider<TypeBoxTypeProvider>()
      // Mail clients post the one-click form encoded; only this route reads that encoding.
      oneClick.addContentTypeParser(
        "application/x-www-form-urlencoded",
        { parseAs: "string", bodyLimit: 1024 },
        (_request, body, done) => {
          done(null, Object.fromEntries(new URLSearchParams(body as string)))
        },
      )
      route(oneClick, endpoints.unsubscribe, async (request) => {
        const token = "token" in request.body ? request.body.token : request.query.token
        if (!token)
          throw new HttpError(
            400,
            "invalid_querystring",
            "A one-click unsubscribe needs the token of its link.",
          )
        if (!(await store.subscribers.unsubscribe(token))) {
          throw new HttpError(
            404,
            "unknown_token",
            "This unsubscribe link is unknown or was already used.",
          )
        }
        return { status: "unsubscribed" as const }
      })
    }),
  )
}
