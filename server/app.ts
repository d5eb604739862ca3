import Fastify, { type FastifyError, type FastifyInstance } from "fastify"
import { REPOSITORY } from "../content-kit/repository"
import { ensureAdminAccount } from "./auth/bootstrap"
import { prepareTotpSecrets, type TotpSecrets } from "./auth/totp-secrets"
import type { Config } from "./config"
import type { Deps } from "./deps"
import { scheduleHousekeeping } from "./housekeeping"
import { clientErrorAnswer, HttpError, serverOptions } from "./http-error"
import { measureRequests } from "./metrics/http"
import { exposeAudienceCounts, recordDelivery, storeQueryDuration } from "./metrics/registry"
import { describeApi } from "./openapi"
import { type OutboxOptions, setupOutbox } from "./outbox"
import { closeConnectionsWhenDraining, createReadiness } from "./readiness"
import { createLiveSite } from "./releases/live-site"
import { keepingPreviewTokens, withoutPreviewToken } from "./releases/preview-token"
import { createPublisher } from "./releases/publisher"
import { schedulePublishing } from "./releases/schedule"
import { watchPublisher } from "./releases/watch"
import { adminRoutes } from "./routes/admin"
import { bookingRoutes } from "./routes/booking"
import { bookingPageRoutes } from "./routes/booking-pages"
import { contactRoutes } from "./routes/contact"
import { audienceIngestRoutes } from "./routes/event"
import { healthRoutes } from "./routes/health"
import { metricsRoutes } from "./routes/metrics"
import { newsletterRoutes } from "./routes/newsletter"
import { openApiRoutes } from "./routes/openapi"
import { named } from "./routes/plugin-name"
import { publishingRoutes } from "./routes/publishing"
import { quoteRoutes } from "./routes/quote"
import { staticSiteRoutes } from "./routes/static-site"
import { addSecurityHeaders } from "./security-headers"
import { loadSite } from "./static/site-files"
import { type Clock, openStore } from "./store"
import { isStoreUnavailable } from "./store/database"
import { createStoreWritability, RETRY_AFTER_SECONDS } from "./store-writability"

export interface BuildOptions {
  now?: Clock
  logger?: boolean
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void }
  /** Retry policy, poll and webhook timeout of the outbox (tests shorten them), and its metrics hook. */
  outbox?: OutboxOptions
  /** The code the publisher compares a change with (tests use a checkout of their own repository). */
  serverRoot?: string
  /** How often an instance asks whether a scheduled post is due (tests shorten it). */
  scheduleEveryMs?: number
}

export async function buildApp(config: Config, options: BuildOptions = {}) {
  const now = options.now ?? Date.now
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            // No query strings (unsubscribe tokens, admin searches), no preview link's token
            // and no headers (cookies) in logs.
            serializers: {
              req: (request) => ({
                method: request.method,
                path: withoutPreviewToken(request.url.split("?")[0]),
                remoteAddress: request.ip,
              }),
            },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    ...serverOptions(config.trustProxy),
  })

  const store = await openStore({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    now,
    onConnectionError: (error) => app.log.warn({ err: error }, "database connection lost"),
    onQuery: (durationMs, failed) =>
      storeQueryDuration.observe({ result: failed ? "error" : "ok" }, durationMs / 1000),
  })
  app.addHook("onClose", () => store.close())
  exposeAudienceCounts(store.audience.counts)
  let totpSecrets: TotpSecrets
  let generatedPassword: string | null
  try {
    // Before any request: an instance with another key than the store's stops here.
    totpSecrets = await prepareTotpSecrets(store, config, {
      info: (message) => app.log.info(message),
      warn: (message) => app.log.warn(message),
    })
    generatedPassword = await ensureAdminAccount(store, config, (message) => app.log.warn(message))
  } catch (error) {
    await store.close()
    throw error
  }

  const outbox = setupOutbox(app, config, store, now, {
    recordDelivery,
    meetings: store.meetings,
    ...options.outbox,
  })

  const site = await createLiveSite({
    releases: store.releases,
    releasesDir: config.releasesDir,
    publicDir: config.publicDir,
    log: app.log,
    cmsEnabled: config.cmsEnabled,
    load: (publicDir) =>
      loadSite({
        publicDir,
        apiOrigin: config.apiUrl,
        log: app.log,
        cmsEnabled: config.cmsEnabled,
        cmsGitApiOrigin: config.cmsGitApiOrigin,
      }),
  })
  app.addHook("onClose", async () => site.close())
  const publisher = createPublisher({
    config,
    releases: keepingPreviewTokens(store.releases, config.releasesDir),
    now,
    log: app.log,
    serverRoot: options.serverRoot ?? REPOSITORY,
  })
  const readiness = createReadiness()
  const storeWritability = createStoreWritability(
    () => store.periodicRuns.writeProbe(),
    app.log,
    now,
  )
  app.addHook("onClose", async () => storeWritability.close())
  const deps: Deps = {
    store,
    now,
    outbox,
    site,
    publisher,
    readiness,
    storeWritability,
    totpSecrets,
  }

  // Only JSON bodies are accepted; anything else is a 415 before a route sees it.
  app.removeContentTypeParser("text/plain")
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const status = error.statusCode ?? 500
    // Thrown on purpose with its own answer, such as 503 when the mail server is down.
    if (error instanceof HttpError)
      return reply.code(status).send({ error: error.code, message: error.message })
    // Disk full or read-only: nothing was stored, and trying again later will work (logged once per change).
    if (storeWritability.refused(error)) {
      return reply.code(503).header("retry-after", String(RETRY_AFTER_SECONDS)).send({
        error: "store_unwritable",
        message:
          "The site cannot store anything right now; nothing was saved. Please try again in a few minutes.",
      })
    }
    if (status >= 500 && isStoreUnavailable(error)) {
      request.log.error({ err: error }, "store unavailable")
      return reply.code(503).header("retry-after", "5").send({
        error: "store_unavailable",
        message: "The store does not answer; please try again in a moment.",
      })
    }
    if (status >= 500) {
      request.log.error({ err: error }, "request failed")
      return reply
        .code(500)
        .send({ error: "internal_error", message: "Something went wrong on our side." })
    }
    return reply.code(status).send(clientErrorAnswer(error, status))
  })
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({
      error: "not_found",
      message: `No route for ${request.method} ${request.url.split("?")[0]}`,
    }),
  )

  addSecurityHeaders(app, config)
  measureRequests(app)
  closeConnectionsWhenDraining(app, readiness)
  scheduleHousekeeping(app, store, config)
  describeApi(app, config.siteUrl)
  // Each route plugin is given the settings it reads, picked here, never the whole Config.
  const { smtpUrl, contactRateLimit, siteUrl, cookieSecure, analytics, webhooks } = config
  const leadForm = {
    contactRateLimit,
    smtpUrl,
    contactAck: config.contactAck,
    contactAckPerDay: config.contactAckPerDay,
    webhooks,
  }
  app.register(named(healthRoutes), deps)
  app.register(named(metricsRoutes), { metricsToken: config.metricsToken })
  app.register(named(contactRoutes), { ...deps, ...leadForm })
  app.register(named(quoteRoutes), { ...deps, ...leadForm, contentDir: config.contentDir })
  app.register(named(bookingRoutes), {
    ...deps,
    contactRateLimit,
    smtpUrl,
    webhooks,
    contentDir: config.contentDir,
    siteUrl,
    contactNotifyTo: config.contactNotifyTo,
    mailFrom: config.mailFrom,
  })
  app.register(named(bookingPageRoutes), { ...deps, contentDir: config.contentDir })
  app.register(named(newsletterRoutes), { ...deps, smtpUrl, contactRateLimit })
  app.register(named(adminRoutes), {
    ...deps,
    siteUrl,
    cookieSecure,
    adminRequire2fa: config.adminRequire2fa,
    analytics,
    analyticsEventDays: config.analyticsEventDays,
    webhooks,
    contentDir: config.contentDir,
    releasesDir: config.releasesDir,
  })
  app.register(named(openApiRoutes), deps)
  if (analytics)
    app.register(named(audienceIngestRoutes), { store, now, eventRateLimit: config.eventRateLimit })
  app.register(named(publishingRoutes), {
    ...deps,
    publishWebhookSecret: config.publishWebhookSecret,
    publishBranch: config.publishBranch,
    cookieSecure,
  })
  if (config.publishSchedule) schedulePublishing(app, store, publisher, options.scheduleEveryMs)
  watchPublisher(app, publisher, config.publishLockTtlMs)
  app.register(named(staticSiteRoutes), { live: site })

  return {
    app: app as FastifyInstance,
    store,
    generatedPassword,
    readiness,
    totpSecrets,
    publisher,
  }
}
