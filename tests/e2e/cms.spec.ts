import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { expect, test } from "@playwright/test"
import { checkContent } from "../../scripts/check-content"

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
      else if (/\.(json|md)$/.test(entry.name)) files[full.split(path.sep).join("/")] = fs.readFileSync(full, "utf8")
    }
  }
  walk("content")
  return files
}

/** Every key path of a JSON value, in order: a save must not lose or reorder any. */
function keyPaths(value: unknown, prefix = ""): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => keyPaths(item, `${prefix}${index}.`))
  if (typeof value === "object" && value !== null) return Object.entries(value).flatMap(([key, item]) => [`${prefix}${key}`, ...keyPaths(item, `${prefix}${key}.`)])
  return []
}

test("an editor changes a French heading and its German translation in the CMS, and the files stay whole", async ({ browser }) => {
  test.setTimeout(120_000)
  const files = repositoryFiles()
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1400, height: 900 } })
  await context.addInitScript(() => {
    ;(window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }).showDirectoryPicker = async () =>
      (await navigator.storage.getDirectory()).getDirectoryHandle("repo", { create: true })
  })
  const page = await context.newPage()
  await page.goto("/robots.txt") // the origin, to seed its private file system
  await page.evaluate(async (seed) => {
    const root = await (await navigator.storage.getDirectory()).getDirectoryHandle("repo", { create: true })
    for (const [file, text] of Object.entries(seed)) {
      const parts = file.split("/")
      let dir = root
      for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part, { create: true })
      const writable = await (await dir.getFileHandle(parts.at(-1)!, { create: true })).createWritable()
      await writable.write(text)
      await writable.close()
    }
  }, files)

  const response = await page.goto("/cms")
  expect(response?.headers()["content-security-policy"]).toMatch(/connect-src 'self' blob: data: https:\/\/api\.github\.com/)
  expect(response?.headers()["content-security-policy"]).not.toMatch(/ 'unsafe-eval'/)
  await page.getByRole("button", { name: /Work with Local Repository/i }).click()
  await page.getByText("Page /contact", { exact: true }).click()

  const french = page.getByRole("textbox", { name: /Form Title/i }).first()
  await expect(french).toHaveValue(JSON.parse(files["content/locales/fr/contact.json"]).formTitle)
  await french.fill("Écrivez-nous, nous répondons vite")
  await page.getByRole("radio", { name: "German", exact: true }).last().click()
  const german = page.getByRole("textbox", { name: /Form Title/i }).last()
  await expect(german).toHaveValue(JSON.parse(files["content/locales/de/contact.json"]).formTitle)
  await german.fill("Schreiben Sie uns, wir antworten schnell")
  await page.getByRole("button", { name: "Save", exact: true }).click()

  const read = async (file: string) =>
    page.evaluate(async (name) => {
      let dir = await (await navigator.storage.getDirectory()).getDirectoryHandle("repo")
      const parts = name.split("/")
      for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part)
      return (await (await dir.getFileHandle(parts.at(-1)!)).getFile()).text()
    }, file)
  await expect.poll(async () => JSON.parse(await read("content/locales/fr/contact.json")).formTitle, { timeout: 15_000 }).toBe("Écrivez-nous, nous répondons vite")
  const saved: Record<string, string> = {}
  for (const file of Object.keys(files).filter((name) => name.startsWith("content/"))) saved[file] = await read(file)
  expect(JSON.parse(saved["content/locales/de/contact.json"]).formTitle).toBe("Schreiben Sie uns, wir antworten schnell")
  expect(JSON.parse(saved["content/locales/en/contact.json"]).formTitle).toBe(JSON.parse(files["content/locales/en/contact.json"]).formTitle)
  for (const language of ["fr", "en", "de"]) {
    const file = `content/locales/${language}/contact.json`
    expect(keyPaths(JSON.parse(saved[file])), file).toEqual(keyPaths(JSON.parse(files[file])))
  }
  await context.close()

  // The content check on what the CMS wrote: no error, nothing missing.
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "cms-saved-"))
  for (const [file, text] of Object.entries(saved)) {
    const target = path.join(root, path.relative("content", file))
    fs.mkdirSync(path.dirname(target), { recursive: true })
    fs.writeFileSync(target, text)
  }
  const report = checkContent(root)
  expect(report.errors).toEqual([])
  expect(report.missing).toEqual({ fr: [], en: [], de: [] })
})
