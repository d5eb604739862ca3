import fs from "node:fs"
import { endpoints } from "../../contract/endpoints"
import { clientRoutes, currentClientRoutes } from "./client-routes"
import { apiDocFile, routeList, withRouteList } from "./route-list"

describe("what is generated from the table of endpoints", () => {
  it("is current: run `npm run api:generate` after changing contract/endpoints/", () => {
    expect(currentClientRoutes()).toEqual(clientRoutes())
    const doc = fs.readFileSync(apiDocFile, "utf8")
    expect(withRouteList(doc)).toBe(doc)
  })

  it("lists every entry of the table once in server/API.md", () => {
    const listed = [...routeList().matchAll(/^\| `(\w+ \S+)` \|/gm)].map((match) => match[1])
    const table = Object.values(endpoints).map((entry) => `${entry.method} ${entry.path}`)
    expect(listed.sort()).toEqual(table.sort())
    expect(listed).toContain("PATCH /api/admin/messages/:id")
  })
})
