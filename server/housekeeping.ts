import type { FastifyInstance } from "fastify"
import type { Config } from "./config"
import type { Store } from "./store"

const EVERY_MS = 60 * 60_000

/**
 * Drops expired sessions and old rate-limit windows, which no query needs any more, and
 * purges what outlived its retention period (messages and subscriptions after
 * RETENTION_MONTHS, spam after 30 days, unconfirmed subscriptions after 7 days, audit
 * entries after RETENTION_MONTHS): at start,
 * then every hour.
 */
export function scheduleHousekeeping(app: FastifyInstance, store: Store, config: Config) {
  let timer: NodeJS.Timeout | null = null
  const sweep = async () => {
    try {
      await store.sessions.deleteExpired()
      if (config.contactRateLimit) await store.rateLimits.deleteBefore(config.contactRateLimit.windowMs)
      const purged = await store.privacy.purge(config.retentionMonths)
      if (purged.messages + purged.spam + purged.subscribers + purged.unconfirmed + purged.audit > 0) app.log.info({ purged }, "retention purge")
    } catch (error) {
      app.log.warn({ err: error }, "housekeeping failed")
    }
  }
  app.addHook("onReady", async () => {
    await sweep()
    timer = setInterval(sweep, EVERY_MS).unref()
  })
  app.addHook("preClose", async () => {
    if (timer) clearInterval(timer)
  })
}
