import type { FastifyInstance } from "fastify"
import { httpRequestDuration } from "./registry"

/** Times every answer under its route pattern (`/api/admin/messages/:id`, not each id), so labels stay few. */
export function measureRequests(app: FastifyInstance) {
  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url ?? "unmatched"
    httpRequestDuration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    )
  })
}
