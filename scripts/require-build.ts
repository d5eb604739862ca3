// The scripts that work on a build (budget, Lighthouse, interactions, postbuild) need one.
import fs from "node:fs"
import path from "node:path"

/** The built site in the project's root. */
export const PUBLIC = path.resolve(__dirname, "..", "public")

/** Stops the script with a clear message when there is no build in public/. */
export function requireBuild(): void {
  if (!fs.existsSync(path.join(PUBLIC, "index.html"))) {
    console.error("No build in public/: run `npm run build` first.")
    process.exit(1)
  }
}
