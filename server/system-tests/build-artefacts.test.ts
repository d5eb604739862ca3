// Threat: build files that tell an attacker how the site is made (issue 21, finding 7).
// /webpack.stats.json, /chunk-map.json, /csp-hashes.json, *.LICENSE.txt and /cms/config.yml
// answered 200, and /readyz named the database kind. Now the files no browser needs are never
// served (server/static/not-for-browsers.ts; nginx does the same, server/system-tests/deploy.test.ts),
// /cms/ is off in production unless CMS_ENABLED=on, and /readyz says ready or not.
// See docs/SECURITY.md, "Build artefacts" and "/cms/ and the admin's origin".
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { ConfigError, loadConfig } from "../config"
import { describeEachStore, type TestApp, testApp } from "../test/stores"

const NOT_FOR_BROWSERS = [
  "/webpack.stats.json",
  "/chunk-map.json",
  "/csp-hashes.json",
  "/framework-0123456789abcdef0123.js.LICENSE.txt",
  "/component---src-pages-admin-tsx-0123456789abcdef0123.js.LICENSE.txt",
  "/app-0123456789abcdef0123.js.map",
  "/_gatsby/slices/_gatsby-scripts-1.html",
  "/~partytown/partytown-sw.js",
]
const CMS = ["/cms/config.yml", "/cms/index.html", "/cms/sveltia-cms-0.221.1.js"]
// What browsers do fetch: still served.
const FOR_BROWSERS = [
  "/index.html",
  "/app-0123456789abcdef0123.js",
  "/page-data/index/page-data.json",
  "/robots.txt",
]

function writeBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "artefacts-"))
  for (const file of [...NOT_FOR_BROWSERS, ...CMS, ...FOR_BROWSERS]) {
    const text = file.endsWith(".json")
      ? JSON.stringify({ "/index.html": [] })
      : file.endsWith(".html")
        ? `<!DOCTYPE html><html><head><title>${file}</title></head><body></body></html>`
        : `file ${file}`
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    fs.writeFileSync(path.join(dir, file), text)
  }
  return dir
}

describeEachStore("security: build artefacts and what /readyz says", (kind) => {
  let publicDir: string
  let apps: TestApp[] = []
  beforeAll(() => {
    publicDir = writeBuild()
  })
  afterEach(async () => {
    for (const t of apps) await t.close()
    apps = []
  })
  afterAll(() => fs.rmSync(publicDir, { recursive: true, force: true }))

  const start = async (env: Record<string, string>) => {
    const t = await testApp(kind, { PUBLIC_DIR: publicDir, ...env })
    apps.push(t)
    return t
  }
  const production = { NODE_ENV: "production", SITE_URL: "https://www.example.com" }
  const status = async (t: TestApp, url: string) => (await t.app.inject({ url })).statusCode

  it("answers 404 for every file no browser needs, and serves those browsers fetch", async () => {
    for (const env of [production, {}]) {
      const t = await start(env)
      for (const file of NOT_FOR_BROWSERS)
        expect([file, await status(t, file)]).toEqual([file, 404])
      for (const file of FOR_BROWSERS) expect([file, await status(t, file)]).toEqual([file, 200])
    }
  })

  it("keeps /cms/ off the admin's origin in production unless CMS_ENABLED=on, with its own CSP then", async () => {
    const prod = await start(production)
    for (const file of CMS) expect([file, await status(prod, file)]).toEqual([file, 404])
    const enabled = await start({ ...production, CMS_ENABLED: "on" })
    const page = await enabled.app.inject({ url: "/cms/index.html" })
    expect(page.statusCode).toBe(200)
    expect(page.headers["content-security-policy"]).toContain("frame-ancestors 'none'")
    expect(page.headers["content-security-policy"]).not.toContain("'unsafe-eval'")
    expect(await status(enabled, "/cms/config.yml")).toBe(200)
    // A laptop (npm run edit, npm start) has it on by default; off when asked.
    expect(await status(await start({}), "/cms/config.yml")).toBe(200)
    expect(await status(await start({ CMS_ENABLED: "off" }), "/cms/config.yml")).toBe(404)
    expect(() => loadConfig({ CMS_ENABLED: "maybe" })).toThrow(ConfigError)
  })

  it("says ready and nothing more on /readyz: no store kind", async () => {
    const t = await start(production)
    const ready = await t.app.inject({ url: "/readyz" })
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toEqual({ status: "ready" })
    expect(ready.body).not.toMatch(/sqlite|postgres/i)
  })
})
