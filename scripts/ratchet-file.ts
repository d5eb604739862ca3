// The performance gates' ratchets (lighthouse-ratchet.json, interactions-ratchet.json): the best
// figures reached so far, read before a measurement and lowered by `--update-ratchet`.
import fs from "node:fs"
import path from "node:path"

const ROOT = path.resolve(__dirname, "..")

/** Stops the gate when there is no build to measure. */
export function requireBuild(): void {
  if (!fs.existsSync(path.join(ROOT, "public/index.html"))) {
    console.error("No build in public/: run `npm run build` first.")
    process.exit(1)
  }
}

/** The ratchet saved in the project's root under `name`, or null before the first. */
export function readRatchet<T>(name: string): T | null {
  const file = path.join(ROOT, name)
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as T) : null
}

export function writeRatchet(name: string, ratchet: object): void {
  fs.writeFileSync(path.join(ROOT, name), `${JSON.stringify(ratchet, null, 2)}\n`)
  console.log(`Ratchet written to ${name}.`)
}
