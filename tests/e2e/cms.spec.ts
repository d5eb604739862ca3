import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { expect, test } from "@playwright/test"
import { checkContent } from "../../content-kit/check-content"

// The real Sveltia CMS at /cms/, editing a local repository as an editor does in Chromium.
// `showDirectoryPicker` is replaced (as the CMS's own tests do) by a folder of the origin-private
// file system, seeded with the repository's content/ and a .git marker; what the CMS saves is
// read back from it and put through the content check.
function repositoryFiles(): Record<string, string> {
  const files: Record<string, string> = { ".git/HEAD": "ref: refs/heads/main\n" }
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (/\.(json|md)$/.test(entry.name))
        files[full.split(path.sep).join("/")] = fs.readFileSync(full, "utf8")
    }
  }
  walk("content")
  return files
}

/** Every key path of a JSON value, in order: a save must not lose or reorder any. */
function keyPaths(value: unknown, prefix = ""): string[] {
  if (Array.isArray(value))
    return value.flatMap((item, index) => keyPaths(item, `${prefix}${index}.`))
  if (typeof value === "object" && value !== null)
    return Object.entries(value).flatMap(([key, item]) => [
      `${prefix}${key}`,
      ...keyPaths(item, `${prefix}${key}.`),
    ])
  return []
}

test("an editor changes a French heading and its German translation in the CMS, and the files stay whole", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const files = repositoryFiles()
  const context = await browser.newContext({
    locale: "en-US",
    viewport: { width: 1400, height: 900 },
  })
  await context.addInitScript(() => {
    ;(
      window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }
    ).showDirectoryPicker = async () =>
      (await navigator.storage.getDirectory()).getDirectoryHandle("repo", { create: true })
    // What the CSP blocks never reaches the network, so it is not a request: recorded here.
    const blocked: string[] = ((window as unknown as { cspBlocked: string[] }).cspBlocked = [])
    document.addEventListener("securitypolicyviolation", (event) =>
      blocked.push(`${event.effectiveDirective} ${event.blockedURI}`),
    )
  })
  const page = await context.newPage()
  // The CMS is served from this site: nothing it loads (script, fonts, data) comes from elsewhere.
  const origin = new URL(baseURL!).origin
  const elsewhere: string[] = []
  page.on("request", (request) => {
    const url = new URL(request.url())
    if (/^https?:$/.test(url.protocol) && url.origin !== origin) elsewhere.push(request.url())
  })
  // Blocked already, left alone: Sveltia's check for a newer version (it only acts when loaded
  // from unpkg) and GitHub's status page. Anything else blocked (a font first) counts.
  const knownBlocked = [
    "connect-src https://unpkg.com/@sveltia/cms/package.json",
    "connect-src https://www.githubstatus.com/api/v2/status.json",
  ]
  const offOrigin = async () => [
    ...elsewhere,
    ...(await page.evaluate(() => (window as unknown as { cspBlocked: string[] }).cspBlocked))
      .filter((attempt) => !knownBlocked.includes(attempt))
      .map((attempt) => `blocked by the CSP: ${attempt}`),
  ]
  await page.goto("/robots.txt") // the origin, to seed its private file system
  await page.evaluate(async (seed) => {
    const root = await (
      await navigator.storage.getDirectory()
    ).getDirectoryHandle("repo", { create: true })
    for (const [file, text] of Object.entries(seed)) {
      const parts = file.split("/")
      let dir = root
      for (const part of parts.slice(0, -1))
        dir = await dir.getDirectoryHandle(part, { create: true })
      const writable = await (
        await dir.getFileHandle(parts.at(-1)!, { create: true })
      ).createWritable()
      await writable.write(text)
      await writable.close()
    }
  }, files)

  const response = await page.goto("/cms")
  expect(response?.headers()["content-security-policy"]).toMatch(
    /connect-src 'self' blob: data: https:\/\/api\.github\.com/,
  )
  expect(response?.headers()["content-security-policy"]).not.toMatch(/ 'unsafe-eval'/)
  await page.getByRole("button", { name: /Work with Local Repository/i }).click()
  await page.getByText("Page /contact", { exact: true }).click()
  // Sveltia's interface fonts, from /cms/fonts/: each one loads (soft: the next check says where a
  // failed one was asked from).
  const fonts = await page.evaluate(async () =>
    Promise.all(
      ["Source Sans 3", "Noto Mono", "Material Symbols Outlined"].map(async (family) => [
        family,
        await document.fonts.load(`16px '${family}'`).then((faces) => faces.length, String),
      ]),
    ),
  )
  expect.soft(fonts).toEqual([
    ["Source Sans 3", 1],
    ["Noto Mono", 1],
    ["Material Symbols Outlined", 1],
  ])
  expect(await offOrigin()).toEqual([])

  const french = page.getByRole("textbox", { name: /Form Title/i }).first()
  await expect(french).toHaveValue(JSON.parse(files["content/locales/fr/contact.json"]).formTitle)
  await french.fill("Écrivez-nous, nous répondons vite")
  await page.getByRole("radio", { name: "German", exact: true }).last().click()
  const german = page.getByRole("textbox", { name: /Form Title/i }).last()
  await expect(german).toHaveValue(JSON.parse(files["content/locales/de/contact.json"]).formTitle)
  await german.fill("Schreiben Sie uns, wir antworten schnell")
  await page.getByRole("button", { name: "Save", exact: true }).click()

  // A file the CMS is still writing can be caught between its snapshot and its new bytes
  // (NotReadableError), or while it is being replaced (NotFoundError, which failed one CI
  // run): it is read again a moment later.
  const read = async (file: string) =>
    page.evaluate(async (name) => {
      const parts = name.split("/")
      for (let attempt = 1; ; attempt++) {
        try {
          let dir = await (await navigator.storage.getDirectory()).getDirectoryHandle("repo")
          for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part)
          return await (await (await dir.getFileHandle(parts.at(-1)!)).getFile()).text()
        } catch (error) {
          const transient = ["NotReadableError", "NotFoundError"].includes((error as Error).name)
          if (!transient || attempt === 20) throw error
          await new Promise((resolve) => setTimeout(resolve, 100))
        }
      }
    }, file)
  const untilSaved = { timeout: 15_000 }
  await expect
    .poll(
      async () => JSON.parse(await read("content/locales/fr/contact.json")).formTitle,
      untilSaved,
    )
    .toBe("Écrivez-nous, nous répondons vite")
  await expect
    .poll(
      async () => JSON.parse(await read("content/locales/de/contact.json")).formTitle,
      untilSaved,
    )
    .toBe("Schreiben Sie uns, wir antworten schnell")
  const written: Record<string, string> = {}
  for (const file of Object.keys(files).filter((name) => name.startsWith("content/")))
    written[file] = await read(file)
  expect(JSON.parse(written["content/locales/en/contact.json"]).formTitle).toBe(
    JSON.parse(files["content/locales/en/contact.json"]).formTitle,
  )
  for (const language of ["fr", "en", "de"]) {
    const file = `content/locales/${language}/contact.json`
    expect(keyPaths(JSON.parse(written[file])), file).toEqual(keyPaths(JSON.parse(files[file])))
  }
  expect(await offOrigin()).toEqual([])
  await context.close()

  // The content check on what the CMS wrote: no error, nothing missing.
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "cms-saved-"))
  for (const [file, text] of Object.entries(written)) {
    const target = path.join(root, path.relative("content", file))
    fs.mkdirSync(path.dirname(target), { recursive: true })
    fs.writeFileSync(target, text)
  }
  const report = checkContent(root)
  expect(report.errors).toEqual([])
  expect(report.missing).toEqual({ fr: [], en: [], de: [] })
})
