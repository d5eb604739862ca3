import fastifySwagger from "@fastify/swagger"
import type { FastifyInstance } from "fastify"
import { ACCESS, type Endpoint, endpointAreas } from "../contract/endpoints"
import { SESSION_COOKIE } from "./auth/tokens"

const SIGNED_IN = new Set<string>(["session", "member", "owner"])

/** Each entry of the table by the method and path the server registers it under. */
const entries = new Map(
  Object.entries(endpointAreas).flatMap(([area, list]) =>
    Object.entries(list).map(([name, entry]: [string, Endpoint]) => [
      `${entry.method} ${entry.path}`,
      { name, area, entry },
    ]),
  ),
)

/**
 * Collects the routes registered after it into the OpenAPI 3.1 document that
 * GET /api/openapi.json serves: their schemas, described by their entry of the table. A
 * route the table lacks comes out undescribed, which server/openapi.test.ts refuses.
 */
export function describeApi(app: FastifyInstance, siteUrl: string) {
  app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "The site's HTTP API",
        version: "1",
        description: "Generated from contract/endpoints/; the rules in prose: server/API.md.",
      },
      servers: [{ url: siteUrl }],
      tags: Object.keys(endpointAreas).map((name) => ({ name })),
      components: {
        securitySchemes: {
          adminSession: { type: "apiKey", in: "cookie", name: SESSION_COOKIE },
          metricsToken: { type: "http", scheme: "bearer" },
        },
      },
    },
    transform: ({ schema, url, route }) => {
      const described = entries.get(`${String(route.method)} ${url}`)
      if (!described) return { schema, url }
      const { name, area, entry } = described
      const security = SIGNED_IN.has(entry.access)
        ? [{ adminSession: [] }]
        : entry.access === "token"
          ? [{ metricsToken: [] }]
          : undefined
      return {
        url,
        schema: {
          ...schema,
          operationId: name,
          summary: entry.summary,
          description: `Access: ${ACCESS[entry.access]}`,
          tags: [area],
          ...(security && { security }),
          ...(entry.formEncoded && {
            consumes: ["application/json", "application/x-www-form-urlencoded"],
          }),
        },
      }
    },
  })
}
