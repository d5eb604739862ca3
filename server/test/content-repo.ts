import { execFileSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"

const PROJECT = path.resolve(__dirname, "../..")
/** The fixture's package.json: the content check the publisher runs (`npm run check:content`). */
export const PACKAGE = `${JSON.stringify({
  name: "fixture",
  private: true,
  scripts: { "check:content": "tsx scripts/check-content.ts" },
})}\n`

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=Editor", "-c", "user.email=editor@example.org", ...args], {
    cwd,
    encoding: "utf8",
  }).trim()

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
  write(
    "scripts/check-content.ts",
    [
      'import fs from "node:fs"',
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
  fs.symlinkSync(path.join(PROJECT, "node_modules"), path.join(server, "node_modules"))
  const releasesDir = path.join(root, "releases")
  fs.mkdirSync(releasesDir)

  return {
    origin,
    server,
    releasesDir,
    env: {
      RELEASES_DIR: releasesDir,
      PUBLISH_REPO: origin,
      PUBLISH_BRANCH: "main",
      PUBLISH_BUILD_COMMAND: `npx tsx ${path.join(PROJECT, "server/test/fake-site-build.ts")}`,
    },
    /** Writes `files` and commits them on main, as an editor's save in the CMS does. */
    commit(files: Record<string, string>, message = "edit"): string {
      for (const [file, body] of Object.entries(files)) write(file, body)
      git(origin, "add", "-A")
      git(origin, "commit", "--quiet", "-m", message)
      return git(origin, "rev-parse", "HEAD")
    },
    homeTitle: (title: string) => ({ "content/locales/fr/home.json": JSON.stringify({ title }) }),
    remove: () => fs.rmSync(root, { recursive: true, force: true }),
  }
}
