// Every built text file is clean bytes (issue 46 finding 10): no NUL, which React 18.3's
// streaming renderer left before a multi-byte character in three pages (src/ssr/render-body.ts),
// and no U+FFFD, the mark of bytes decoded as the wrong text. Read from public/ on disk, which
// the browser suite always has (npm run test:e2e builds first when it is missing).
import fs from "node:fs"
import path from "node:path"
import { expect, test } from "@playwright/test"
import { CMS_DIST_SCRIPT, CMS_SCRIPT } from "../../postbuild/cms"

const PUBLIC = path.resolve("public")
const TEXT = /\.(html|json|xml|txt|js|css|svg|webmanifest)$/

function* textFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* textFiles(full)
    else if (entry.isFile() && TEXT.test(entry.name)) yield full
  }
}

const replacements = (body: Buffer) => body.toString("utf8").split("\uFFFD").length - 1

test("no built text file holds a NUL byte or U+FFFD", () => {
  const found: string[] = []
  let files = 0
  for (const file of textFiles(PUBLIC)) {
    files++
    const body = fs.readFileSync(file)
    const url = `/${path.relative(PUBLIC, file).split(path.sep).join("/")}`
    const nul = body.indexOf(0)
    if (nul >= 0) found.push(`${url}: NUL at byte ${nul}`)
    // Sveltia CMS's own code writes U+FFFD as a literal (its replacement for a bad code point):
    // the build's copy (postbuild/cms.ts, its font URLs rewritten) holds no more of them than it.
    const allowed = url === CMS_SCRIPT ? replacements(fs.readFileSync(CMS_DIST_SCRIPT)) : 0
    if (replacements(body) > allowed) found.push(`${url}: U+FFFD`)
  }
  expect(files).toBeGreaterThan(100)
  expect(found, found.join("\n")).toEqual([])
})
