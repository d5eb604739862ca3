// `tsx scripts/postbuild.ts`: the post-build's last step (postbuild/finish.ts: deferral, CSP hashes,
// compression) again over an existing public/, for a build made before it ran
// (scripts/ensure-build.ts). `npm run build` runs the whole post-build itself.
import { finish, finishSummary } from "../postbuild/finish"
import { PUBLIC, requireBuild } from "./require-build"

requireBuild()
finish(PUBLIC).then(
  (done) => process.stdout.write(`postbuild: ${finishSummary(done)}.\n`),
  (error: Error) => {
    process.stderr.write(`${error.message}\n`)
    process.exit(1)
  },
)
