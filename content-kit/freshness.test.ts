import { execFileSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { checkFreshness, readLock, stampLock, textsByKey, writeLock } from "./freshness"
import { findPlaceholders } from "./placeholders"

// Each test copies the repository's content/ (with its lock) and edits the copy as an editor would.
function copyContent(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "freshness-"))
  fs.cpSync(path.resolve(__dirname, "../content"), root, { recursive: true })
  return root
}

type Json = { hero: { title: string }; sections: { id: string; title: string }[] }
const file = (root: string, language: string, ns: string) =>
  path.join(root, "locales", language, `${ns}.json`)
const read = (root: string, language: string, ns: string) =>
  JSON.parse(fs.readFileSync(file(root, language, ns), "utf8")) as Json
const edit = (root: string, language: string, ns: string, change: (data: Json) => void) => {
  const data = read(root, language, ns)
  change(data)
  fs.writeFileSync(file(root, language, ns), JSON.stringify(data, null, 2))
}

describe("translation freshness", () => {
  it("finds the repository's translations complete and stamped", () => {
    const report = checkFreshness(path.resolve(__dirname, "../content"))
    for (const language of ["en", "de"] as const) {
      expect(report[language]).toEqual({ missing: [], outdated: [], unused: [], unstamped: [] })
    }
  })

  it("reports English and German outdated, with the new French, when a French string changes", () => {
    const root = copyContent()
    edit(root, "fr", "home", (data) => (data.hero.title = "Un nouveau titre français"))
    const report = checkFreshness(root)
    for (const language of ["en", "de"] as const) {
      expect(report[language]!.outdated).toEqual([
        { key: "home.json: hero.title", french: "Un nouveau titre français" },
      ])
      expect(report[language]!.missing).toEqual([])
    }
  })

  it("takes a translation changed together with its French as fresh", () => {
    const root = copyContent()
    edit(root, "fr", "home", (data) => (data.hero.title = "Un nouveau titre français"))
    edit(root, "de", "home", (data) => (data.hero.title = "Ein neuer deutscher Titel"))
    const report = checkFreshness(root)
    expect(report.de!.outdated).toEqual([])
    expect(report.en!.outdated.map(({ key }) => key)).toEqual(["home.json: hero.title"])
  })

  it("names sections by id, so reordering them flags nothing", () => {
    const root = copyContent()
    edit(root, "fr", "home", (data) => data.sections.reverse())
    expect(checkFreshness(root).en).toEqual({
      missing: [],
      outdated: [],
      unused: [],
      unstamped: [],
    })
    expect([...textsByKey(read(root, "fr", "home")).keys()]).toContain("sections[offres].title")
  })

  it("lists missing and unused keys, and a changed blog post", () => {
    const root = copyContent()
    edit(root, "en", "home", (data) => {
      data.sections[0].title = ""
      data.sections[1].id = "renamed"
    })
    const fr = path.join(root, "blog/bien-utiliser-le-nps/index.fr.md")
    fs.appendFileSync(fr, "\nUne phrase de plus.\n")
    const report = checkFreshness(root)
    expect(report.en!.missing).toEqual(
      expect.arrayContaining([
        "home.json: sections[offres].title",
        "home.json: sections[services].title",
      ]),
    )
    expect(report.en!.unused).toEqual(
      expect.arrayContaining(["home.json: sections[renamed].title"]),
    )
    expect(report.de!.outdated.map(({ key }) => key)).toEqual(["blog/bien-utiliser-le-nps.md"])
  })

  it("stamps new keys, keeps outdated ones until translated or accepted, and prunes removed ones", () => {
    const root = copyContent()
    edit(root, "fr", "home", (data) => (data.hero.title = "Un nouveau titre français"))
    edit(root, "de", "home", (data) => data.sections.pop())
    const stamped = stampLock(root)
    expect(stamped.keptOutdated).toBe(2)
    expect(stamped.pruned).toBeGreaterThan(0)
    writeLock(root, stamped.lock)
    expect(readLock(root)).toEqual(stamped.lock)
    expect(checkFreshness(root).de!.outdated.map(({ key }) => key)).toEqual([
      "home.json: hero.title",
    ])
    expect(
      Object.keys(readLock(root).de!).some((key) => key.startsWith("home.json: sections[cta]")),
    ).toBe(false)
    writeLock(root, stampLock(root, readLock(root), true).lock)
    expect(checkFreshness(root).de!.outdated).toEqual([])
  })

  it("makes the release check fail on missing translations, and --strict on outdated ones", () => {
    const root = copyContent()
    // The company's own details, still placeholders in the sample content, also block a
    // release (content-kit/placeholders.ts): filled in here so only translations count.
    const fill = (value: unknown): unknown =>
      typeof value === "string"
        ? value.replace(/\[[^[\]\n]{1,80}\](?!\()/g, "Filled")
        : Array.isArray(value)
          ? value.map(fill)
          : value && typeof value === "object"
            ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fill(item)]))
            : value
    for (const name of new Set(findPlaceholders(root).map((found) => found.file))) {
      const full = path.join(root, name)
      fs.writeFileSync(
        full,
        `${JSON.stringify(fill(JSON.parse(fs.readFileSync(full, "utf8"))), null, 2)}\n`,
      )
    }
    expect(findPlaceholders(root)).toEqual([])
    edit(root, "fr", "home", (data) => (data.hero.title = "Un nouveau titre français"))
    const run = (...args: string[]) => {
      try {
        return {
          code: 0,
          out: execFileSync("npx", ["tsx", "scripts/check-content.ts", root, ...args], {
            encoding: "utf8",
            stdio: "pipe",
          }),
        }
      } catch (error) {
        const failed = error as { status: number; stdout: string; stderr: string }
        return { code: failed.status, out: failed.stdout + failed.stderr }
      }
    }
    const release = run("--release")
    expect(release.code).toBe(0)
    expect(release.out).toMatch(/de \(Deutsch\): 0 missing, 1 outdated/)
    expect(release.out).toMatch(/French now: Un nouveau titre français/)
    const strict = run("--strict")
    expect(strict.code).toBe(1)
    expect(strict.out).toMatch(
      /Release blocked: en: 1 outdated translations; de: 1 outdated translations/,
    )
    edit(root, "de", "home", (data) => (data.hero.title = ""))
    const missing = run("--release")
    expect(missing.code).toBe(1)
    expect(missing.out).toMatch(/Release blocked: de: 1 missing translations/)
  }, 60_000)
})
