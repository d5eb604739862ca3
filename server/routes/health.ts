import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox"
import { ErrorResponses } from "../../contract/errors"
import { Health } from "../../contract/health"
import type { Deps } from "../deps"

export const healthRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { store }) => {
  app.get("/healthz", { schema: { response: { 200: Health, ...ErrorResponses } } }, async (request, reply) => {
    try {
      await store.ping()
      return { status: "ok" as const, store: store.dialect }
    } catch (error) {
      request.log.error({ err: error }, "store does not answer")
      return reply.code(503).send({ error: "store_unavailable", message: "The store does not answer." })
    }
  })
}
