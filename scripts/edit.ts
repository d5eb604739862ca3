// `npm run edit`: what an editor needs on a laptop. Builds the site if its sources changed,
// starts the server, and says how to open the CMS on this checkout. Sveltia CMS edits the
// local folder straight from Chromium (Chrome, Edge): no git host, no account. Afterwards
// `npm run check:content` shows what is missing or outdated, and git commits the change.
import { spawn, spawnSync } from "node:child_process"
import { REPOSITORY } from "../content-kit/repository"

const port = process.env.PORT ?? "8000"

const built = spawnSync("npx", ["tsx", "scripts/ensure-build.ts"], {
  cwd: REPOSITORY,
  stdio: "inherit",
})
if (built.status !== 0) process.exit(built.status ?? 1)

console.log(`
Editing the site's content
  1. Open http://localhost:${port}/cms in Chrome or Edge (Firefox and Safari cannot open a local folder).
  2. Choose "Work with Local Repository" and select this folder: ${REPOSITORY}
  3. French is the reference: change a French text and its translations side by side, then Save.
     The files in content/ change on disk; the site shows them after a rebuild (npm start).
  4. In a terminal: npm run check:content (missing / outdated translations), npm run content:stamp,
     then commit with git. Stop this server with Ctrl+C.
`)
const server = spawn("npx", ["tsx", "server/main.ts"], {
  cwd: REPOSITORY,
  stdio: "inherit",
  // The CMS is off by default in production; here it is the point.
  env: { ...process.env, PORT: port, CMS_ENABLED: "on" },
})
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal))
server.on("exit", (code) => process.exit(code ?? 0))
