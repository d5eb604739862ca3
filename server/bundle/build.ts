// Bundles the server's entries (entries.ts) into dist/server/ with esbuild: the server's own code
// and contract/ and content-kit/ in one file per entry, the packages left to node_modules, a
// source map beside each (run with --enable-source-maps). About a tenth of a second, so every
// command that runs the bundle builds it first (package.json, jest's global set-up,
// Playwright's web server). Each file is written beside its place and renamed into it, so that
// a process starting meanwhile reads the old file or the new one, never half of one.
import fs from "node:fs"
import path from "node:path"
import { build } from "esbuild"
import { REPOSITORY } from "../../content-kit/repository"
import { BUNDLE_DIR, ENTRIES } from "./entries"

export async function buildServerBundle(): Promise<void> {
  const result = await build({
    absWorkingDir: REPOSITORY,
    entryPoints: Object.entries(ENTRIES).map(([name, source]) => ({ in: source, out: name })),
    outdir: BUNDLE_DIR,
    bundle: true,
    platform: "node",
    target: `node${process.versions.node.split(".")[0]}`,
    format: "cjs",
    packages: "external",
    sourcemap: true,
    write: false,
    logLevel: "warning",
  })
  fs.mkdirSync(BUNDLE_DIR, { recursive: true })
  for (const file of result.outputFiles) {
    const partial = path.join(
      path.dirname(file.path),
      `.${path.basename(file.path)}.${process.pid}`,
    )
    fs.writeFileSync(partial, file.contents)
    fs.renameSync(partial, file.path)
  }
}
