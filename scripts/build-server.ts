// `npm run build:server`: the server's bundle in dist/server/ (server/bundle/build.ts). Quiet
// when it succeeds, so that `npm run --silent admin -- backup` prints only the command's output.
import { buildServerBundle } from "../server/bundle/build"

buildServerBundle().catch((error: unknown) => {
  process.stderr.write(`build:server: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
