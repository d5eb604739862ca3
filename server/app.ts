import Fastify, { type FastifyError, type FastifyInstance } from "fastify"
import { ensureAdminAccount } from "./auth/bootstrap"
import type { Config } from "./config"
import type { Deps } from "./deps"
import { scheduleHousekeeping } from "./housekeeping"
import { HttpError } from "./http-error"
import { createNewsletterMailer } from "./mail/newsletter-mailer"
import { createNotifier } from "./mail/notifier"
import { adminRoutes } from "./routes/admin"
import { contactRoutes } from "./routes/contact"
import { healthRoutes } from "./routes/health"
import { newsletterRoutes } from "./routes/newsletter"
import { staticSiteRoutes } from "./routes/static-site"
import { addSecurityHeaders } from "./security-headers"
import { loadSite } from "./static/site-files"
import { type Clock, openStore } from "./store"
import { isStoreUnavailable } from "./store/database"

export interface BuildOptions {
  now?: Clock
  logger?: boolean
  /** Delays between mail attempts; tests shorten them. */
  mailRetryDelaysMs?: number[]
}

const STATUS_CODES: Record<number, string> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "too_many_requests",
}

export async function buildApp(config: Config, options: BuildOptions = {}) {
  const now = options.now ?? Date.now
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            // No query strings (unsubscribe tokens, admin searches) and no headers (cookies) in logs.
            serializers: { req: (request) => ({ method: request.method, path: request.url.split("?")[0], remoteAddress: request.ip }) },
          },
    bodyLimit: 64 * 1024,
    // A client gets 30 s to send its whole request, so slow senders cannot hold sockets open.
    requestTimeout: 30_000,
    trustProxy: config.trustProxy,
    // Refuse what does not match instead of repairing it: no stripped fields, no "1" -> 1.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: false, allErrors: false } },
  })

  const store = await openStore({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    now,
    onConnectionError: (error) => app.log.warn({ err: error }, "database connection lost"),
  })
  app.addHook("onClose", () => store.close())
  const generatedPassword = await ensureAdminAccount(store, config)

  const notifier = config.smtpUrl ? createNotifier(config, store.messages, app.log, now, options.mailRetryDelaysMs) : null
  if (notifier) {
    app.addHook("onReady", async () => notifier.start())
    app.addHook("preClose", () => notifier.stop())
  }

  const site = loadSite(config.publicDir, config.apiUrl, app.log)
  const newsletterMailer = config.smtpUrl ? createNewsletterMailer(config) : null
  if (newsletterMailer) app.addHook("onClose", async () => newsletterMailer.close())
  const deps: Deps = { config, store, now, notifier, newsletterMailer }

  // Only JSON bodies are accepted; anything else is a 415 before a route sees it.
  app.removeContentTypeParser("text/plain")
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const status = error.statusCode ?? 500
    // Thrown on purpose with its own answer, such as 503 when the mail server is down.
    if (error instanceof HttpError) return reply.code(status).send({ error: error.code, message: error.message })
    if (status >= 500 && isStoreUnavailable(error)) {
      request.log.error({ err: error }, "store unavailable")
      return reply.code(503).send({ error: "store_unavailable", message: "The store does not answer; please try again in a moment." })
    }
    if (status >= 500) {
      request.log.error({ err: error }, "request failed")
      return reply.code(500).send({ error: "internal_error", message: "Something went wrong on our side." })
    }
    const code = "validation" in error && error.validation ? `invalid_${error.validationContext ?? "request"}` : (STATUS_CODES[status] ?? "bad_request")
    return reply.code(status).send({ error: code, message: error.message })
  })
  app.setNotFoundHandler((request, reply) => reply.code(404).send({ error: "not_found", message: `No route for ${request.method} ${request.url.split("?")[0]}` }))

  addSecurityHeaders(app, config)
  scheduleHousekeeping(app, store, config)
  app.register(healthRoutes, deps)
  app.register(contactRoutes, deps)
  app.register(newsletterRoutes, deps)
  app.register(adminRoutes, deps)
  app.register(staticSiteRoutes, { site })

  return { app: app as FastifyInstance, store, generatedPassword }
}
