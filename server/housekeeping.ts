import os from "node:os"
import type { FastifyInstance } from "fastify"
import { rollUpAudience } from "./audience/rollup"
import type { Config } from "./config"
import type { Store } from "./store"

/**
 * Drops expired sessions, old rate-limit windows and login failures, purges what outlived
 * its retention period (messages and subscriptions after RETENTION_MONTHS, spam after 30
 * days, unconfirmed subscriptions after 7 days, erasure records after 36 months, audit
 * entries after RETENTION_MONTHS, audience events after ANALYTICS_EVENT_DAYS once rolled up into
 * daily counts, those after ANALYTICS_ROLLUP_MONTHS, visitor-key salts after 48 hours, push
 * webhook delivery ids after 7 days), all in
 * batches, then tidies a SQLite file. Runs once per HOUSEKEEPING_EVERY_MS across every
 * instance sharing the store: each instance checks a few times per period, and the one
 * that claims the period's run (store/periodic-runs.ts) does it.
 */
/** Finished days' events become daily counts before any of them can be purged. */
async function tidyAudience(store: Store, config: Config) {
  await rollUpAudience(store)
  const { events, rollups, salts } = await store.audience.purge(
    config.analyticsEventDays,
    config.analyticsRollupMonths,
  )
  return { audienceEvents: events, audienceRollups: rollups, audienceSalts: salts }
}

export function scheduleHousekeeping(app: FastifyInstance, store: Store, config: Config) {
  const instance = `${os.hostname()}:${process.pid}`
  const checkEveryMs = Math.max(250, Math.min(60_000, Math.floor(config.housekeepingEveryMs / 4)))
  let timer: NodeJS.Timeout | null = null
  let running: Promise<void> | null = null

  const sweep = async () => {
    try {
      if (!(await store.periodicRuns.claim("housekeeping", config.housekeepingEveryMs, instance)))
        return
      const sessions = await store.sessions.deleteExpired()
      await store.loginThrottle.deleteStale()
      const rateLimits = config.contactRateLimit
        ? await store.rateLimits.deleteBefore(config.contactRateLimit.windowMs)
        : 0
      const purged = await store.privacy.purge(config.retentionMonths)
      const pushDeliveries = await store.pushDeliveries.forgetOld()
      const audience = config.analytics ? await tidyAudience(store, config) : {}
      const { vacuumed } = await store.maintain()
      app.log.info(
        { deleted: { sessions, rateLimits, pushDeliveries, ...purged, ...audience }, vacuumed },
        "housekeeping done",
      )
    } catch (error) {
      app.log.warn({ err: error }, "housekeeping failed")
    }
  }
  const tick = () => {
    running ??= sweep().finally(() => (running = null))
    return running
  }

  app.addHook("onReady", async () => {
    await tick()
    timer = setInterval(tick, checkEveryMs).unref()
  })
  app.addHook("preClose", async () => {
    if (timer) clearInterval(timer)
    await running
  })
}
