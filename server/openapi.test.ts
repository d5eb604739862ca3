import SwaggerParser from "@apidevtools/swagger-parser"
import type { RouteOptions } from "fastify"
import { endpoints } from "../contract/endpoints"
import { buildApp } from "./app"
import { ADMIN_PASSWORD, describeEachStore, freshStoreLocation, testConfig } from "./test/stores"

type Operation = { operationId?: string; summary?: string; security?: unknown[] }
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> }

const table = Object.entries(endpoints).map(([name, entry]) => ({
  name,
  route: `${entry.method} ${entry.path}`,
  access: entry.access,
}))

const METRICS_TOKEN = "m".repeat(32)

describeEachStore("the OpenAPI document", (kind) => {
  let t: { app: Awaited<ReturnType<typeof buildApp>>["app"]; close(): Promise<void> }
  const registered: string[] = []
  beforeAll(async () => {
    const location = await freshStoreLocation(kind)
    // Every optional route on: the audience (ANALYTICS, on by default) and the metrics.
    const config = testConfig(location, { METRICS_TOKEN })
    const { app } = await buildApp(config, { logger: false })
    app.addHook("onRoute", (route: RouteOptions) => {
      if (route.method !== "HEAD" && !route.schema?.hide)
        registered.push(`${String(route.method)} ${route.url}`)
    })
    await app.ready()
    t = { app, close: async () => (await app.close(), await location.drop()) }
  })
  afterAll(() => t.close())

  it("is a valid OpenAPI 3.1 document, served at /api/openapi.json", async () => {
    const response = await t.app.inject({ url: "/api/openapi.json" })
    expect(response.statusCode).toBe(200)
    expect(response.headers["content-type"]).toMatch(/^application\/json/)
    const document = response.json() as Document
    expect(document.openapi).toBe("3.1.0")
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy()
  })

  // Public on purpose, admin routes included (docs/SECURITY.md, Decisions; issue 46, finding 9):
  // it describes shapes, never a value to try.
  it("carries no example value and none of the configured secrets", async () => {
    const text = (await t.app.inject({ url: "/api/openapi.json" })).body
    expect(text).not.toMatch(/"examples?"\s*:/)
    for (const secret of [ADMIN_PASSWORD, METRICS_TOKEN]) expect(text).not.toContain(secret)
  })

  it("describes every route of the table and nothing else, each by its entry", async () => {
    const { paths } = (await t.app.inject({ url: "/api/openapi.json" })).json() as Document
    const documented = Object.entries(paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({
        route: `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`,
        name: operation.operationId,
        signedIn: operation.security !== undefined,
      })),
    )
    expect(documented.map((operation) => operation.route).sort()).toEqual(
      table.map((entry) => entry.route).sort(),
    )
    for (const entry of table) {
      const operation = documented.find((candidate) => candidate.route === entry.route)!
      expect([entry.route, operation.name]).toEqual([entry.route, entry.name])
      const signedIn = !["public", "sign-in"].includes(entry.access)
      expect([entry.route, operation.signedIn]).toEqual([entry.route, signedIn])
    }
  })

  it("is what the server registers: every route of the table, and no route the table lacks", () => {
    expect([...registered].sort()).toEqual(table.map((entry) => entry.route).sort())
  })
})
