import type { TObject } from "@sinclair/typebox"
import { type Endpoint, endpointAreas, endpoints } from "./index"

const areas = Object.values(endpointAreas).map((area) => Object.entries(area))
const table = Object.entries(endpoints) as [string, Endpoint][]

describe("the table of endpoints", () => {
  it("names each entry once across the areas, and declares each method and path once", () => {
    expect(table.length).toBe(areas.flat().length)
    const routes = table.map(([, entry]) => `${entry.method} ${entry.path}`)
    expect(new Set(routes).size).toBe(routes.length)
  })

  it("declares exactly the parameters each path has", () => {
    for (const [name, entry] of table) {
      const inPath = [...entry.path.matchAll(/:(\w+)/g)].map((match) => match[1])
      const declared = Object.keys((entry.params as TObject | undefined)?.properties ?? {})
      expect([name, inPath]).toEqual([name, declared])
    }
  })

  it("gives each entry a success or redirect answer, and a body only to what changes things", () => {
    for (const [name, entry] of table) {
      const statuses = Object.keys(entry.answers).map(Number)
      expect([name, statuses.some((status) => status >= 200 && status < 400)]).toEqual([name, true])
      if (entry.method === "GET" || entry.method === "DELETE")
        expect([name, entry.body]).toEqual([name, undefined])
    }
  })
})
