import type { FastifyInstance } from "fastify"
import type { Deps } from "../app"

export async function healthRoutes(app: FastifyInstance, { store, readiness }: Deps) {
  // Liveness: the process answers. It never asks the store, so a database outage does not
  // make a supervisor restart every instance at once.
  app.get("/healthz", async () => ({ status: "ok" }))

  // Readiness: whether a load balancer should send traffic here.
  app.get("/readyz", async (request, reply) => {
    if (readiness.draining) return reply.code(503).send({ error: "shutting_down", message: "This instance is stopping." })
    try {
      await store.ping()
      return { status: "ready", store: store.dialect }
    } catch (error) {
      request.log.error({ err: error }, "store does not answer")
      return reply.code(503).send({ error: "store_unavailable", message: "The store does not answer." })
    }
  })
}
