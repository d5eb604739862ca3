import { execFileSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { buildSync } from "esbuild"
import { REPOSITORY } from "../../content-kit/repository"

/** The fixture's package.json: the content check the publisher runs (`npm run check:content`). */
export const PACKAGE = `${JSON.stringify({
  name: "fixture",
  private: true,
  // Plain JavaScript, run by node: the fixture's check needs no TypeScript loader, which would
  // cost every one of the tests' hundred builds a second of CPU.
  scripts: { "check:content": "node scripts/check-content.js" },
})}\n`

/** The admin's page: the fake build writes the admin's shell while the repository has it. */
export const ADMIN_PAGE = "export default function Admin() {}\n"

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=Editor", "-c", "user.email=editor@example.org", ...args], {
    cwd,
    encoding: "utf8",
  }).trim()

let fakeBuildFile: string | null = null
/**
 * server/test/fake-site-build.ts bundled into one JavaScript file (once per test file), which
 * node runs as the build: with tsx's loader, each of the tests' hundred builds started a
 * TypeScript compiler too.
 */
function fakeBuild(): string {
  if (fakeBuildFile && fs.existsSync(fakeBuildFile)) return fakeBuildFile
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "fake-build-")), "build.cjs")
  buildSync({
    entryPoints: [path.join(REPOSITORY, "server/test/fake-site-build.ts")],
    outfile: out,
    bundle: true,
    platform: "node",
    format: "cjs",
    logLevel: "error",
  })
  return (fakeBuildFile = out)
}

/**
 * A content repository for the publisher's tests: `origin` (what editors push to), `server`
 * (a checkout at the first commit: the code the instances run) and a releases folder. The
 * build is server/test/fake-site-build.ts, a second instead of Gatsby's minutes.
 */
export function contentRepo() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "publish-"))
  const origin = path.join(root, "origin")
  const write = (file: string, body: string) => {
    fs.mkdirSync(path.dirname(path.join(origin, file)), { recursive: true })
    fs.writeFileSync(path.join(origin, file), body)
  }
  fs.mkdirSync(origin)
  git(origin, "init", "--quiet", "--initial-branch=main")
  write("package.json", PACKAGE)
  write("src/app.ts", "export const app = 1\n")
  write("src/pages/admin/[...].tsx", ADMIN_PAGE)
  write(
    "scripts/check-content.js",
    [
      'const fs = require("node:fs")',
      'if (fs.readFileSync("content/locales/fr/home.json", "utf8").includes("BROKEN")) {',
      '  console.error("content check: BROKEN")',
      "  process.exit(1)",
      "}",
      "",
    ].join("\n"),
  )
  write("content/locales/fr/home.json", JSON.stringify({ title: "Bonjour, première version" }))
  write("content/blog/premier/index.fr.md", "---\ntitle: Premier\ndate: 2026-01-05\n---\nTexte.\n")
  git(origin, "add", "-A")
  git(origin, "commit", "--quiet", "-m", "first")
  const server = path.join(root, "server")
  git(root, "clone", "--quiet", origin, "server")
  fs.symlinkSync(path.join(REPOSITORY, "node_modules"), path.join(server, "node_modules"))
  const releasesDir = path.join(root, "releases")
  fs.mkdirSync(releasesDir)
  const commitStaged = (message: string) => {
    git(origin, "commit", "--quiet", "-m", message)
    return git(origin, "rev-parse", "HEAD")
  }
  const commitAll = (message: string) => {
    git(origin, "add", "-A")
    return commitStaged(message)
  }

  return {
    origin,
    server,
    releasesDir,
    env: {
      RELEASES_DIR: releasesDir,
      PUBLISH_REPO: origin,
      PUBLISH_BRANCH: "main",
      // Node itself on the bundled stand-in: no npx, no tsx CLI, no loader (fakeBuild above).
      PUBLISH_BUILD_COMMAND: `${JSON.stringify(process.execPath)} ${JSON.stringify(fakeBuild())}`,
    },
    /** Writes `files` and commits them on main, as an editor's save in the CMS does. */
    commit(files: Record<string, string>, message = "edit"): string {
      for (const [file, body] of Object.entries(files)) write(file, body)
      return commitAll(message)
    },
    /** Commits a symbolic link at `file` to `target`, which may be outside the repository. */
    link(file: string, target: string): string {
      fs.mkdirSync(path.dirname(path.join(origin, file)), { recursive: true })
      fs.symlinkSync(target, path.join(origin, file))
      return commitAll("link")
    },
    /** `git mv from to`, committed: git itself sees it as a rename. */
    move(from: string, to: string): string {
      fs.mkdirSync(path.dirname(path.join(origin, to)), { recursive: true })
      git(origin, "mv", from, to)
      return commitAll("move")
    },
    /** Deletes `file` (a link or a submodule too), committed. */
    drop(file: string): string {
      git(origin, "rm", "--quiet", "--cached", file)
      fs.rmSync(path.join(origin, file), { recursive: true, force: true })
      return commitStaged("drop")
    },
    /** Adds a submodule entry (a gitlink to `commit`) at `file`, committed. */
    gitlink(file: string, commit: string): string {
      git(origin, "update-index", "--add", "--cacheinfo", `160000,${commit},${file}`)
      return commitStaged("submodule")
    },
    head: () => git(origin, "rev-parse", "HEAD"),
    homeTitle: (title: string) => ({ "content/locales/fr/home.json": JSON.stringify({ title }) }),
    remove: () => fs.rmSync(root, { recursive: true, force: true }),
  }
}
