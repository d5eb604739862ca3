import { chromium } from "playwright-core"
;(async () => {
  const port = process.argv[2]
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] })
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  page.on("console", (m) => ["error", "warning"].includes(m.type()) && console.log("console", m.type(), m.text().slice(0, 300)))
  page.on("pageerror", (e) => console.log("pageerror", e.message.slice(0, 300)))
  page.on("requestfailed", (r) => console.log("failed", r.url().slice(0, 120)))
  await page.goto(`http://127.0.0.1:${port}/cms`)
  await page.waitForTimeout(6000)
  await page.screenshot({ path: "/tmp/shots/cms.png" })
  console.log((await page.locator("body").innerText()).slice(0, 500))
  await browser.close()
})()
