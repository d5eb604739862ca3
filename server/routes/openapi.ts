import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox"
import { endpoints } from "../../contract/endpoints"
import type { Deps } from "../deps"
import { route } from "./route"

/** The API's OpenAPI document, for integrators (server/openapi.ts makes it). */
export const openApiRoutes: FastifyPluginAsyncTypebox<Deps> = async (app) => {
  route(app, endpoints.openApiDocument, async (_request, reply) => {
    reply.header("cache-control", "no-cache")
    return app.swagger()
  })
}
