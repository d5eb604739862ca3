import type { FastifyInstance } from "fastify"
import type { Config } from "./config"
import { contentSecurityPolicy } from "./static/csp"

/** Headers every answer carries; HTML pages replace the CSP with one holding their script hashes. */
export function addSecurityHeaders(app: FastifyInstance, config: Pick<Config, "apiUrl">) {
  const headers = {
    "content-security-policy": contentSecurityPolicy({ apiOrigin: config.apiUrl }),
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
  }
  app.addHook("onRequest", async (request, reply) => {
    reply.headers(headers)
    // Only over HTTPS: HSTS sent over plain HTTP would be ignored, or pin a local dev host.
    if (request.protocol === "https")
      reply.header("strict-transport-security", "max-age=31536000; includeSubDomains")
  })
}
