import { type ChildProcess, spawn } from "node:child_process"
import fs from "node:fs"
import net from "node:net"
import os from "node:os"
import path from "node:path"
import { type Browser, type BrowserContext, expect, request, test } from "@playwright/test"
import { entryArgs } from "../../server/bundle/entries"
import { copy } from "../../src/test/copy"
import { adminCredentials, signIn } from "./admin-helpers"
import { HUMAN_FILL_MS } from "./pages"

// Issue 24's journey: three visitors and a bot browse, one sends a message, and the Audience
// view then counts exactly the two who may be counted. The other specs browse the shared
// server at the same time (and every page they open sends page views), so this one runs its
// own server on a fresh store: what it counts is only what happens here.

// One address (127.0.0.1) for all: each visitor is another browser build, so another visitor key.
const chrome = (build: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.${build} Safari/537.36`
let server: ChildProcess
let baseURL: string
let dataDir: string

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })

test.beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-audience-"))
  const port = await freePort()
  baseURL = `http://127.0.0.1:${port}`
  // The bundle that Playwright's web server built (server/bundle/), as deployed.
  server = spawn(process.execPath, entryArgs("main"), {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      ADMIN_USERNAME: adminCredentials.username,
      ADMIN_PASSWORD: adminCredentials.password,
      CONTACT_RATE_LIMIT: "0",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  })
  await expect
    .poll(
      () =>
        fetch(`${baseURL}/healthz`).then(
          (r) => r.ok,
          () => false,
        ),
      { timeout: 30_000 },
    )
    .toBe(true)
})

test.afterAll(async () => {
  server.kill("SIGTERM")
  await new Promise((resolve) => server.once("exit", resolve))
  fs.rmSync(dataDir, { recursive: true, force: true })
})

async function visitor(
  browser: Browser,
  userAgent: string,
  options: { gpc?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    userAgent,
    extraHTTPHeaders: options.gpc ? { "Sec-GPC": "1" } : {},
  })
  if (options.gpc)
    await context.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }),
    )
  return context
}

const nav = (key: string) => copy("fr", `nav.${key}`)
const ready = (page: import("@playwright/test").Page) =>
  page.locator("body[data-hydrated]").waitFor({ state: "attached" })

test(
  "two visitors counted, with their campaign, referrer, " +
    "message and vitals; nothing for GPC or a bot, and no cookie",
  async ({ browser }) => {
    test.setTimeout(60_000)
    const contexts: BrowserContext[] = []

    // From the newsletter's spring campaign: home, the contact page by a link, a message, then the blog by a full load.
    const fromNewsletter = await visitor(browser, chrome(1))
    contexts.push(fromNewsletter)
    const a = await fromNewsletter.newPage()
    await a.goto("/?utm_source=newsletter&utm_campaign=spring")
    await ready(a)
    await a
      .locator("header")
      .getByRole("link", { name: nav("contact"), exact: true })
      .click()
    await expect(a).toHaveURL(/\/contact$/)
    const form = a.locator("main form")
    await form.getByLabel(copy("fr", "contactForm.name")).waitFor()
    await a.waitForTimeout(HUMAN_FILL_MS)
    await form.getByLabel(copy("fr", "contactForm.name")).fill("Visiteuse Audience")
    await form.getByLabel(copy("fr", "contactForm.email")).fill("audience@example.com")
    await form
      .getByLabel(copy("fr", "contactForm.message"))
      .fill("Bonjour, une question sur CreaForm.")
    const sent = a.waitForResponse((response) => response.url().endsWith("/SendMessage"))
    await form.getByRole("button", { name: copy("fr", "contactForm.send") }).click()
    expect((await sent).status()).toBe(201)
    await a.goto("/blog")
    await ready(a)
    await a.close({ runBeforeUnload: true })

    // From another site: about by a full load, then the solutions by a link, then home by a full load.
    const fromReferrer = await visitor(browser, chrome(2))
    contexts.push(fromReferrer)
    const b = await fromReferrer.newPage()
    await b.goto("/about", { referer: "https://news.example.org/2026/some-article?id=3" })
    await ready(b)
    await b
      .locator("header")
      .getByRole("link", { name: nav("solutions"), exact: true })
      .click()
    await expect(b).toHaveURL(/\/solutions$/)
    await b.goto("/")
    await ready(b)
    await b.close({ runBeforeUnload: true })

    // Global Privacy Control, and a crawler: both browse, neither is counted.
    const private_ = await visitor(browser, chrome(3), { gpc: true })
    const bot = await visitor(
      browser,
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    )
    contexts.push(private_, bot)
    for (const context of [private_, bot]) {
      const page = await context.newPage()
      await page.goto("/?utm_source=newsletter&utm_campaign=spring")
      await ready(page)
      await page
        .locator("header")
        .getByRole("link", { name: nav("contact"), exact: true })
        .click()
      await page.goto("/blog")
      await ready(page)
      await page.close({ runBeforeUnload: true })
    }

    for (const context of contexts) expect(await context.cookies()).toEqual([])

    const admin = await request.newContext({ baseURL })
    expect((await admin.post("/api/admin/login", { data: adminCredentials })).status()).toBe(200)
    const report = async () => (await admin.get("/api/admin/audience?days=7")).json()
    // Beacons are answered before their events are stored: wait for the last batch.
    await expect
      .poll(async () => (await report()).totals, { timeout: 10_000 })
      .toEqual(expect.objectContaining({ visitors: 2, views: 6 }))
    const answer = await report()
    expect(answer.campaigns).toEqual([
      { source: "newsletter", medium: "", campaign: "spring", visitors: 1 },
    ])
    expect(answer.referrers).toEqual([{ host: "news.example.org", visitors: 1 }])
    expect(answer.entries).toEqual(
      expect.arrayContaining([
        { path: "/", visitors: 1 },
        { path: "/about", visitors: 1 },
      ]),
    )
    expect(answer.funnel).toContainEqual({
      source: "newsletter",
      campaign: "spring",
      landing: 1,
      contact: 1,
      sent: 1,
      confirmed: 0,
      booked: 0,
      estimateViewed: 0,
      quoteRequested: 0,
      rate: 1,
      leads: 1,
    })
    expect(answer.conversions).toContainEqual({ name: "contact_sent", visits: 1, events: 1 })
    const measured = new Set(
      answer.vitals.map((vital: { path: string; name: string }) => `${vital.path} ${vital.name}`),
    )
    // Sent with the next page view at the latest, so certain here; LCP, CLS and INP go when a page is left.
    for (const expected of ["/ TTFB", "/ FCP", "/about TTFB", "/about FCP"])
      expect(measured).toContain(expected)
    await admin.dispose()
    for (const context of contexts) await context.close()

    // The same figures as the team sees them, in the admin's Audience screen.
    const team = await browser.newContext({ baseURL })
    const screen = await team.newPage()
    await signIn(screen, "/admin/audience")
    const ui = (key: string) => copy("fr", `admin:audience.${key}`)
    const figure = (label: string) =>
      screen
        .getByTestId("audience-totals")
        .locator("div", { has: screen.getByText(label, { exact: true }) })
    await expect(figure(ui("visitors")).locator("dd")).toHaveText("2")
    await expect(figure(ui("views")).locator("dd")).toHaveText("6")
    const row = (table: string, cells: string[]) =>
      screen
        .getByTestId(`audience-${table}`)
        .getByRole("row")
        .filter({ has: screen.getByRole("rowheader", { name: cells[0], exact: true }) })
        .filter({ hasText: cells.slice(1).join("") })
    await expect(row("campaigns", ["newsletter", "spring", "1"])).toHaveCount(1)
    await expect(row("referrers", ["news.example.org", "1"])).toHaveCount(1)
    // Both counted visitors browse in Playwright's 1280 px window: the beacon's media queries.
    await expect(row("devices", [ui("widths.desktop"), "2"])).toHaveCount(1)
    await expect(row("funnel", ["newsletter", "spring"])).toContainText("100")
    await expect(screen.getByTestId("audience-vitals").getByRole("row")).not.toHaveCount(1)
    // ADMIN_SHOTS=<folder>: the screen in both themes, desktop and phone, to look at.
    const shots = process.env.ADMIN_SHOTS
    if (shots)
      for (const theme of ["light", "dark"])
        for (const [device, width] of [
          ["desktop", 1280],
          ["phone", 390],
        ] as const) {
          await screen.evaluate((value) => localStorage.setItem("theme", value), theme)
          await screen.setViewportSize({ width, height: 900 })
          await screen.reload()
          await expect(figure(ui("visitors")).locator("dd")).toHaveText("2")
          const file = path.join(shots, `audience-${theme}-${device}.png`)
          await screen.screenshot({ path: file, fullPage: true })
        }
    await team.close()
  },
)
