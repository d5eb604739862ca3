import type { FastifyInstance } from "fastify"
import { type Publisher, watchEveryMs } from "./publisher"

/**
 * Every instance, whatever PUBLISH_SCHEDULE says: takes over a publisher's lock whose holder
 * died mid-build (its build fails as interrupted, what was asked meanwhile is built), once at
 * the start and then every few seconds; stops this instance's build when it closes.
 */
export function watchPublisher(
  app: FastifyInstance,
  publisher: Publisher,
  lockTtlMs: number,
): void {
  const tick = async () => {
    try {
      await publisher.recover()
    } catch (error) {
      app.log.warn({ err: error }, "the publisher's watch failed")
    }
  }
  const first = setTimeout(() => void tick(), 0)
  const timer = setInterval(() => void tick(), watchEveryMs(lockTtlMs))
  timer.unref()
  app.addHook("onClose", async () => {
    clearTimeout(first)
    clearInterval(timer)
    await publisher.stop()
  })
}
