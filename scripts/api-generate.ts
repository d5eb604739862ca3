// npm run api:generate: writes what is derived from the table of endpoints (contract/endpoints/):
// the browser's routes (src/api-client/routes/) and server/API.md's route list. Jest
// (scripts/api/generated.test.ts) fails when either is behind the table.
import fs from "node:fs"
import path from "node:path"
import { clientRoutes, clientRoutesDir, currentClientRoutes } from "./api/client-routes"
import { apiDocFile, withRouteList } from "./api/route-list"

function main() {
  const files = clientRoutes()
  for (const stale of currentClientRoutes().keys()) if (!files.has(stale)) fs.rmSync(stale)
  fs.mkdirSync(clientRoutesDir, { recursive: true })
  for (const [file, text] of files) fs.writeFileSync(file, text)
  fs.writeFileSync(apiDocFile, withRouteList(fs.readFileSync(apiDocFile, "utf8")))
  for (const file of [clientRoutesDir, apiDocFile])
    console.log(`wrote ${path.relative(process.cwd(), file)}`)
}

if (require.main === module) main()
