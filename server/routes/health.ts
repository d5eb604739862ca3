import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox"
import { endpoints } from "../../contract/endpoints"
import type { Deps } from "../deps"
import { route } from "./route"

export const healthRoutes: FastifyPluginAsyncTypebox<Deps> = async (
  app,
  { store, readiness, storeWritability },
) => {
  // Liveness: the process answers. It never asks the store, so a database outage does not
  // make a supervisor restart every instance at once.
  route(app, endpoints.liveness, async () => ({
    status: "ok" as const,
  }))

  // Readiness: whether a load balancer should send traffic here.
  route(app, endpoints.readiness, async (request, reply) => {
    if (readiness.draining)
      return reply.code(503).send({ error: "shutting_down", message: "This instance is stopping." })
    try {
      await store.ping()
      // A store that reads but cannot write (disk full, read-only) would take contact messages
      // only to refuse them: the balancer should send them elsewhere.
      if (!(await storeWritability.check()))
        return reply
          .code(503)
          .send({ error: "store_unwritable", message: "The store cannot write." })
      return { status: "ready" as const }
    } catch (error) {
      request.log.error({ err: error }, "store does not answer")
      return reply
        .code(503)
        .send({ error: "store_unavailable", message: "The store does not answer." })
    }
  })
}
