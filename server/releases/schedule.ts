import type { FastifyInstance } from "fastify"
import type { Store } from "../store"
import { type Publisher, SCHEDULED } from "./publisher"

/** How often an instance asks whether a scheduled post is due: live by 08:01 for 08:00. */
const EVERY_MS = 30_000

/**
 * Publishes when a post that the live release held back is due: one instance per period (the
 * store's periodic_runs claim), and the publisher's lock makes it one build across instances.
 */
export function schedulePublishing(
  app: FastifyInstance,
  store: Store,
  publisher: Publisher,
  everyMs = EVERY_MS,
): void {
  const tick = async () => {
    try {
      if (!(await store.periodicRuns.claim("scheduled-publish", everyMs - 1000, publisher.holder)))
        return
      if (!(await publisher.scheduledDue())) return
      const { state } = await publisher.start(SCHEDULED)
      app.log.info({ state }, "a scheduled post is due: publishing")
    } catch (error) {
      app.log.warn({ err: error }, "scheduled publishing check failed")
    }
  }
  const timer = setInterval(() => void tick(), everyMs)
  timer.unref()
  app.addHook("onClose", async () => clearInterval(timer))
}
