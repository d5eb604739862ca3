import { createHash, timingSafeEqual } from "node:crypto"
import type { FastifyInstance } from "fastify"
import type { Deps } from "../app"
import { registry } from "../metrics/registry"

const digest = (text: string) => createHash("sha256").update(text).digest()

/**
 * Prometheus text for a scraper holding METRICS_TOKEN. Anyone else, and everyone when the
 * variable is unset, gets the ordinary 404: the endpoint does not show that it exists.
 */
export async function metricsRoutes(app: FastifyInstance, { config }: Deps) {
  const expected = config.metricsToken === null ? null : digest(`Bearer ${config.metricsToken}`)
  app.get("/metrics", async (request, reply) => {
    const given = request.headers.authorization
    if (expected === null || given === undefined || !timingSafeEqual(digest(given), expected)) {
      return reply.callNotFound()
    }
    return reply.header("content-type", registry.contentType).header("cache-control", "no-store").send(await registry.metrics())
  })
}
