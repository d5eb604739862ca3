import type { FastifyInstance } from "fastify"
import type { Deps } from "../app"

export async function healthRoutes(app: FastifyInstance, { store }: Deps) {
  app.get("/healthz", async (request, reply) => {
    try {
      await store.ping()
      return { status: "ok", store: store.dialect }
    } catch (error) {
      request.log.error({ err: error }, "store does not answer")
      return reply.code(503).send({ error: "store_unavailable", message: "The store does not answer." })
    }
  })
}
