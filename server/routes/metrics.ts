import { createHash, timingSafeEqual } from "node:crypto"
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox"
import { endpoints } from "../../contract/endpoints"
import { registry } from "../metrics/registry"
import { route } from "./route"

const digest = (text: string) => createHash("sha256").update(text).digest()

/**
 * Prometheus text for a scraper holding METRICS_TOKEN. Anyone else, and everyone when the
 * variable is unset, gets the ordinary 404: the endpoint does not show that it exists.
 */
export const metricsRoutes: FastifyPluginAsyncTypebox<{ metricsToken: string | null }> = async (
  app,
  { metricsToken },
) => {
  const expected = metricsToken === null ? null : digest(`Bearer ${metricsToken}`)
  route(app, endpoints.metrics, async (request, reply) => {
    const given = request.headers.authorization
    if (expected === null || given === undefined || !timingSafeEqual(digest(given), expected)) {
      return reply.callNotFound()
    }
    return reply
      .header("content-type", registry.contentType)
      .header("cache-control", "no-store")
      .send(await registry.metrics())
  })
}
