// `tsx scripts/postbuild.ts`: the post-build's last step (build/finish.ts: deferral, CSP hashes,
// compression) again over an existing public/, for a build made before it ran
// (scripts/ensure-build.ts). `npm run build` runs the whole post-build itself.
import fs from "node:fs"
import path from "node:path"
import { finish, finishSummary } from "../build/finish"

const PUBLIC = path.resolve(__dirname, "..", "public")

if (!fs.existsSync(path.join(PUBLIC, "index.html"))) {
  process.stderr.write("postbuild: public/index.html is missing; run `gatsby build` first.\n")
  process.exit(1)
}
finish(PUBLIC).then(
  (done) => process.stdout.write(`postbuild: ${finishSummary(done)}.\n`),
  (error: Error) => {
    process.stderr.write(`${error.message}\n`)
    process.exit(1)
  },
)
