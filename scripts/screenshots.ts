// Screenshots of pages in light and dark, phone and desktop, to look at what we build:
//   npx tsx scripts/screenshots.ts [baseURL] [path ...]   (files in /tmp/shots)
import fs from "node:fs"
import { chromium } from "playwright-core"
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium"

const [baseURL = "http://localhost:8000", ...paths] = process.argv.slice(2)
const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } }
const out = "/tmp/shots"

async function main() {
  fs.mkdirSync(out, { recursive: true })
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  })
  for (const path of paths.length ? paths : ["/"]) {
    for (const [device, viewport] of Object.entries(viewports)) {
      for (const theme of ["light", "dark"]) {
        const context = await browser.newContext({
          viewport,
          deviceScaleFactor: 1,
          reducedMotion: "reduce",
        })
        await context.addInitScript((value) => localStorage.setItem("theme", value), theme)
        const page = await context.newPage()
        page.on(
          "console",
          (message) =>
            message.type() === "error" && console.log(`${path} console: ${message.text()}`),
        )
        await page.goto(baseURL + path, { waitUntil: "networkidle" })
        const name = `${path.replace(/[^a-zA-Z0-9]+/g, "_") || "home"}-${device}-${theme}.png`
        await page.screenshot({ path: `${out}/${name}`, fullPage: true })
        await context.close()
        console.log(`${out}/${name}`)
      }
    }
  }
  await browser.close()
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
