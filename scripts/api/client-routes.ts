import fs from "node:fs"
import path from "node:path"
import { type Endpoint, endpointAreas } from "../../contract/endpoints"

export const clientRoutesDir = path.join(__dirname, "..", "..", "src/api-client/routes")

const HEADER = [
  "// Generated from the table of endpoints (contract/endpoints/) by `npm run api:generate`:",
  "// do not edit. What the browser needs of each entry: its method and path; the request and",
  "// answer types come from the table through contract/endpoints/types.ts, types only.",
]

/** "admin: data rights" -> "admin-data-rights" */
const fileOf = (area: string) => `${area.replace(/[^a-z]+/g, "-")}.ts`

/** One constant, as Prettier writes it (verify checks). */
function constant(name: string, { method, path: route }: Endpoint): string {
  const line = `export const ${name} = "${method} ${route}" satisfies RouteRef`
  if (line.length <= 100) return line
  return [`export const ${name} =`, `  "${method} ${route}" satisfies RouteRef`].join("\n")
}

/**
 * src/api-client/routes/: one module per area of the table, each entry's method and path a
 * string of its own. Webpack keeps a whole module wherever one of its exports is used, so each
 * part of the site imports only its areas: the public pages carry none of the admin's paths.
 */
export function clientRoutes(): Map<string, string> {
  const files = new Map<string, string>()
  for (const [area, entries] of Object.entries(endpointAreas)) {
    const file = path.join(clientRoutesDir, fileOf(area))
    const routes = Object.entries(entries as Record<string, Endpoint>).map(([name, entry]) =>
      constant(name, entry),
    )
    const head = [...HEADER, 'import type { RouteRef } from "../../../contract/endpoints/types"']
    files.set(file, [...head, "", ...routes, ""].join("\n"))
  }
  return files
}

/** The files of src/api-client/routes/ as they are. */
export function currentClientRoutes(): Map<string, string> {
  if (!fs.existsSync(clientRoutesDir)) return new Map()
  return new Map(
    fs
      .readdirSync(clientRoutesDir)
      .map((name) => path.join(clientRoutesDir, name))
      .map((file) => [file, fs.readFileSync(file, "utf8")]),
  )
}
