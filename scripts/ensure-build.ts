// `npm start` builds the site only when public/ is missing or older than its sources.
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { CSP_HASHES_FILE } from "../server/static/site-files"

// content-kit/ (the route table, the schema, the fallback) and postbuild/ (the post-build) shape
// public/ as much as src/ does.
const SOURCE_DIRS = ["src", "content-kit", "postbuild", "content", "static"]

export type Decision = { action: "build" | "postbuild" | "none"; reason: string }

function newestSource(root: string): { file: string; mtimeMs: number } {
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
  for (const dir of SOURCE_DIRS) if (fs.existsSync(path.join(root, dir))) walk(path.join(root, dir))
  for (const name of fs.readdirSync(root))
    if (/^gatsby-.*\.tsx?$/.test(name)) consider(path.join(root, name))
  return newest
}

export function decide(root: string): Decision {
  const built = path.join(root, "public", "index.html")
  if (!fs.existsSync(built)) return { action: "build", reason: "public/index.html is missing" }
  const newest = newestSource(root)
  if (newest.mtimeMs > fs.statSync(built).mtimeMs) {
    return {
      action: "build",
      reason: `${path.relative(root, newest.file)} is newer than the build`,
    }
  }
  if (!fs.existsSync(path.join(root, "public", CSP_HASHES_FILE))) {
    return { action: "postbuild", reason: "the build is current but was not post-processed" }
  }
  return {
    action: "none",
    reason:
      "public/ is up to date with src/, content-kit/, postbuild/, content/, static/ and gatsby-*.ts",
  }
}

if (require.main === module) {
  const root = path.resolve(__dirname, "..")
  const { action, reason } = decide(root)
  const command = {
    build: ["npm", ["run", "build"]],
    postbuild: [path.join(root, "node_modules/.bin/tsx"), ["scripts/postbuild.ts"]],
    none: null,
  }[action] as [string, string[]] | null
  process.stdout.write(
    `ensure-build: ${reason}; ` +
      `${command ? `running ${[command[0].replace(`${root}/`, ""), ...command[1]].join(" ")}` : "not rebuilding"}.\n`,
  )
  if (command) {
    const result = spawnSync(command[0], command[1], { cwd: root, stdio: "inherit" })
    if (result.status !== 0) process.exit(result.status ?? 1)
  }
}
