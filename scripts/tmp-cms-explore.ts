import fs from "node:fs"
import path from "node:path"
import { chromium } from "playwright-core"

function collect(dir: string, base: string, out: Record<string, string>) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) collect(full, base, out)
    else if (/\.(json|md)$/.test(entry.name)) out[path.relative(base, full)] = fs.readFileSync(full, "utf8")
  }
  return out
}

;(async () => {
  const port = process.argv[2]
  const files = collect("content", ".", {})
  files[".git/HEAD"] = "ref: refs/heads/main\n"
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] })
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: "en-US" })
  await context.addInitScript(() => {
    ;(window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }).showDirectoryPicker = async () =>
      (await navigator.storage.getDirectory()).getDirectoryHandle("repo", { create: true })
  })
  const page = await context.newPage()
  page.on("pageerror", (e) => console.log("pageerror", e.message.slice(0, 300)))
  await page.goto(`http://127.0.0.1:${port}/robots.txt`)
  await page.evaluate(async (files) => {
    const root = await (await navigator.storage.getDirectory()).getDirectoryHandle("repo", { create: true })
    for (const [file, text] of Object.entries(files)) {
      const parts = file.split("/")
      let dir = root
      for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part, { create: true })
      const handle = await dir.getFileHandle(parts.at(-1)!, { create: true })
      const writable = await handle.createWritable()
      await writable.write(text)
      await writable.close()
    }
  }, files)
  await page.goto(`http://127.0.0.1:${port}/cms`)
  await page.waitForTimeout(3000)
  await page.screenshot({ path: "/tmp/shots/cms1.png" })
  console.log((await page.locator("body").innerText()).slice(0, 300))
  await page.getByRole("button", { name: /Local Repository/i }).click()
  await page.waitForTimeout(5000)
  await page.screenshot({ path: "/tmp/shots/cms2.png" })
  console.log("----", (await page.locator("body").innerText()).slice(0, 100))
  await page.getByText("Page /contact", { exact: true }).click()
  await page.waitForTimeout(4000)
  await page.screenshot({ path: "/tmp/shots/cms3.png" })
  const boxes = page.getByRole("textbox", { name: /Form Title/i })
  console.log("formTitle boxes", await boxes.count())
  for (let i = 0; i < (await boxes.count()); i++)
    console.log(
      i,
      await boxes
        .nth(i)
        .inputValue()
        .catch(() => "?"),
      await boxes.nth(i).evaluate((e) => e.closest("[lang]")?.getAttribute("lang")),
    )
  console.log((await page.getByRole("button").allInnerTexts()).join(" | ").slice(0, 800))
  await browser.close()
})()
