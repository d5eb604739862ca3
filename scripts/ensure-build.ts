// `npm start` builds the site only when public/ is missing or older than its sources.
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { CSP_HASHES_FILE } from "../server/static/site-files"

const ROOT = path.resolve(__dirname, "..")
const BUILT = path.join(ROOT, "public", "index.html")
const SOURCE_DIRS = ["src", "content", "static"]

function newestSource(): { file: string; mtimeMs: number } {
  let newest = { file: "", mtimeMs: 0 }
  const consider = (file: string) => {
    const { mtimeMs } = fs.statSync(file)
    if (mtimeMs > newest.mtimeMs) newest = { file, mtimeMs }
  }
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (entry.isFile()) consider(full)
    }
  }
  for (const dir of SOURCE_DIRS) if (fs.existsSync(path.join(ROOT, dir))) walk(path.join(ROOT, dir))
  for (const name of fs.readdirSync(ROOT)) if (/^gatsby-.*\.tsx?$/.test(name)) consider(path.join(ROOT, name))
  return newest
}

function run(script: string): never | void {
  const result = spawnSync("npm", ["run", script], { cwd: ROOT, stdio: "inherit" })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

const say = (text: string) => process.stdout.write(`ensure-build: ${text}\n`)

if (!fs.existsSync(BUILT)) {
  say("public/index.html is missing; building the site (npm run build).")
  run("build")
} else {
  const newest = newestSource()
  if (newest.mtimeMs > fs.statSync(BUILT).mtimeMs) {
    say(`${path.relative(ROOT, newest.file)} is newer than the build; rebuilding (npm run build).`)
    run("build")
  } else if (!fs.existsSync(path.join(ROOT, "public", CSP_HASHES_FILE))) {
    say("the build is current but was not post-processed; running scripts/postbuild.ts.")
    const result = spawnSync(path.join(ROOT, "node_modules/.bin/tsx"), ["scripts/postbuild.ts"], { cwd: ROOT, stdio: "inherit" })
    if (result.status !== 0) process.exit(result.status ?? 1)
  } else {
    say("public/ is up to date with src/, content/, static/ and gatsby-*.ts; not rebuilding.")
  }
}
