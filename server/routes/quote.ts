import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox"
import { endpoints } from "../../contract/endpoints"
import { leadSourceOfBody } from "../../contract/lead-source"
import type { Deps } from "../deps"
import { messagesStored } from "../metrics/registry"
import { quoteFigures } from "../quotes/quote-request"
import { quoteSummary } from "../quotes/summary"
import { acceptFormPosts, localizedPage } from "./form-posts"
import { type LeadFormSettings, leadDeliveries, spamReasonOf } from "./lead-form"
import { enforceRateLimit } from "./rate-limit"
import { route } from "./route"
import { stripBidiControls } from "./strip-bidi"
import { trimBody } from "./trim-body"

/** Where a quote request sent without JavaScript lands. */
export const QUOTE_SENT_PAGE = "/produit/click&win/estimation/envoyee"
// The team reads the lead in the site's default language; the visitor's mail is in theirs.
const TEAM_LANGUAGE = "fr"

export type QuoteRoutesOptions = Pick<Deps, "store" | "outbox" | "site"> &
  LeadFormSettings & { contentDir: string }

/**
 * POST /api/quote: the contact form's rules (rate limit, honeypot, too fast, bidi controls,
 * trimming, same-site form posts, lead source), and the study estimated again here: the body
 * holds no figures, the stored ones are the server's, with its rate card's version.
 */
export const quoteRoutes: FastifyPluginAsyncTypebox<QuoteRoutesOptions> = async (
  app,
  { store, outbox, site, ...settings },
) => {
  acceptFormPosts(app, site, {
    url: endpoints.requestQuote.path,
    form: "quote",
    integers: ["ElapsedMs", "completesPerMarket", "fieldDays"],
    numbers: ["incidence", "lengthMinutes"],
    lists: ["markets", "criteria"],
    booleans: ["quotas"],
    success: (language) => localizedPage(QUOTE_SENT_PAGE, language),
  })
  const deliveries = leadDeliveries(settings)
  route(
    app,
    endpoints.requestQuote,
    { preValidation: [stripBidiControls, trimBody] },
    async (request, reply) => {
      await enforceRateLimit(store, settings.contactRateLimit, "quote", request, reply)
      const body = request.body
      const figures = await quoteFigures(
        {
          markets: body.markets,
          criteria: body.criteria ?? [],
          incidence: body.incidence,
          lengthMinutes: body.lengthMinutes,
          completesPerMarket: body.completesPerMarket,
          quotas: body.quotas ?? false,
          fieldDays: body.fieldDays,
        },
        settings.contentDir,
      )
      if (!figures.ok)
        return reply.code(400).send({
          error: "invalid_estimate",
          message: "The rate card cannot estimate this study: see each field.",
          fields: figures.fields,
        })
      const spamReason = spamReasonOf(body)
      const id = await store.messages.create(
        {
          kind: "quote",
          name: body.name,
          email: body.Email,
          company: body.Company || null,
          phone: null,
          message: quoteSummary(figures.quote, settings.contentDir, TEAM_LANGUAGE),
          language: body.Language ?? null,
          page: body.Page ?? null,
          spamReason,
          source: leadSourceOfBody(body),
          quote: figures.quote,
        },
        deliveries,
      )
      messagesStored.inc({ kind: spamReason ? "spam" : "message" })
      if (spamReason) request.log.info({ messageId: id, spamReason }, "quote request filed as spam")
      outbox.wake()
      return reply.code(201).send({ id })
    },
  )
}
