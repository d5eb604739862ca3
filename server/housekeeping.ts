import type { FastifyInstance } from "fastify"
import type { Config } from "./config"
import type { Store } from "./store"

const EVERY_MS = 60 * 60_000

/** Drops expired sessions and old rate-limit windows, which no query needs any more. */
export function scheduleHousekeeping(app: FastifyInstance, store: Store, config: Config) {
  let timer: NodeJS.Timeout | null = null
  const sweep = async () => {
    try {
      await store.sessions.deleteExpired()
      if (config.contactRateLimit) await store.rateLimits.deleteBefore(config.contactRateLimit.windowMs)
    } catch (error) {
      app.log.warn({ err: error }, "housekeeping failed")
    }
  }
  app.addHook("onReady", async () => {
    timer = setInterval(sweep, EVERY_MS).unref()
  })
  app.addHook("preClose", async () => {
    if (timer) clearInterval(timer)
  })
}
