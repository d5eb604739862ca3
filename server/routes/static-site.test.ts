import { createHash } from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import zlib from "node:zlib"
import { type TestApp, testApp } from "../test/stores"

const INLINE = 'window.pagePath="/";'
const page = (title: string) =>
  `<!DOCTYPE html><html><head><title>${title}</title><script>${INLINE}</script><script ` +
  `type="application/ld+json">{"@type":"Organization"}</script></head><body><script ` +
  `src="/app-0123456789abcdef0123.js" async></script></body></html>`

function writeSite(dir: string) {
  const files: Record<string, string> = {
    "index.html": page("Accueil"),
    "about/index.html": page("About"),
    "produit/click&win/index.html": page("Click&Win"),
    "en/index.html": page("Home"),
    "404.html": page("Introuvable"),
    "en/404.html": page("Not found"),
    "de/404.html": page("Nicht gefunden"),
    "admin/[...]/index.html": page("Admin"),
    "app-0123456789abcdef0123.js": "console.log('app')",
    "app-0123456789abcdef0123.js.map": '{"sources":["webpack://src/secret.ts"]}',
    "page-data/index/page-data.json": "{}",
    "static/0a1b2c/logo.svg": "<svg/>",
    "robots.txt": "User-agent: *",
  }
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
    fs.writeFileSync(path.join(dir, name), content)
  }
  const js = path.join(dir, "app-0123456789abcdef0123.js")
  fs.writeFileSync(`${js}.br`, zlib.brotliCompressSync(fs.readFileSync(js)))
  fs.writeFileSync(`${js}.gz`, zlib.gzipSync(fs.readFileSync(js)))
}

describe("static site", () => {
  let t: TestApp
  let publicDir: string
  beforeAll(async () => {
    publicDir = fs.mkdtempSync(path.join(os.tmpdir(), "public-"))
    writeSite(publicDir)
    t = await testApp("sqlite", { PUBLIC_DIR: publicDir })
  })
  afterAll(async () => {
    await t.close()
    fs.rmSync(publicDir, { recursive: true, force: true })
  })

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers })

  it("answers 404 for a source map, even one left in the public folder", async () => {
    for (const url of ["/app-0123456789abcdef0123.js.map", "/missing-0123.js.map"]) {
      const response = await get(url)
      expect([url, response.statusCode]).toEqual([url, 404])
      expect(response.body).not.toContain("secret.ts")
    }
  })

  it.each([
    ["/", "Accueil"],
    ["/about", "About"],
    ["/produit/click&win", "Click&amp;Win"],
    ["/produit/click%26win", "Click&amp;Win"],
    ["/en", "Home"],
  ])("serves %s from its index.html", async (url, title) => {
    const response = await get(url)
    expect(response.statusCode).toBe(200)
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8")
    expect(response.headers["cache-control"]).toBe("no-cache")
    expect(response.body).toContain(`<title>${title.replace("&amp;", "&")}</title>`)
  })

  it("redirects a trailing slash permanently, keeping the query, never off-site", async () => {
    const about = await get("/about/?ref=x")
    expect([about.statusCode, about.headers.location]).toEqual([301, "/about?ref=x"])
    expect((await get("//evil.example/")).headers.location).toBe("/evil.example")
  })

  it("answers unknown paths with the 404 page of their language and status 404", async () => {
    for (const [url, title] of [
      ["/nope", "Introuvable"],
      ["/en/nope", "Not found"],
      ["/de/gibt/es/nicht", "Nicht gefunden"],
    ]) {
      const response = await get(url)
      expect([url, response.statusCode]).toEqual([url, 404])
      expect(response.body).toContain(title)
    }
  })

  it("answers every /admin path with the admin shell", async () => {
    for (const url of ["/admin", "/admin/login", "/admin/messages/abc"]) {
      const response = await get(url)
      expect([url, response.statusCode]).toEqual([url, 200])
      expect(response.body).toContain("<title>Admin</title>")
    }
  })

  it("serves precompressed variants by Accept-Encoding and caches hashed assets for a year", async () => {
    const br = await get("/app-0123456789abcdef0123.js", { "accept-encoding": "gzip, deflate, br" })
    expect(br.headers["content-encoding"]).toBe("br")
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe("console.log('app')")
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable")
    expect(br.headers.vary).toBe("accept-encoding")
    const gz = await get("/app-0123456789abcdef0123.js", { "accept-encoding": "gzip" })
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe("console.log('app')")
    const plain = await get("/app-0123456789abcdef0123.js")
    expect([plain.headers["content-encoding"], plain.body]).toEqual([
      undefined,
      "console.log('app')",
    ])
    expect((await get("/static/0a1b2c/logo.svg")).headers["cache-control"]).toBe(
      "public, max-age=31536000, immutable",
    )
    expect((await get("/page-data/index/page-data.json")).headers["cache-control"]).toBe("no-cache")
  })

  it("answers 304 to a matching If-None-Match, a list holding the tag, or *", async () => {
    const etag = String((await get("/robots.txt")).headers.etag)
    for (const header of [etag, `"other", ${etag}`, "*", etag.replace(/^W\//, "")])
      expect((await get("/robots.txt", { "if-none-match": header })).statusCode).toBe(304)
    expect((await get("/robots.txt", { "if-none-match": '"other"' })).statusCode).toBe(200)
  })

  it("follows Accept-Encoding's q-values, never sending a refused encoding", async () => {
    const encoding = async (accepted: string) =>
      (await get("/app-0123456789abcdef0123.js", { "accept-encoding": accepted })).headers[
        "content-encoding"
      ]
    expect(await encoding("br;q=0, gzip")).toBe("gzip")
    expect(await encoding("gzip;q=0.5, br;q=0.1")).toBe("gzip")
    expect(await encoding("br;q=0, gzip;q=0")).toBeUndefined()
    expect(await encoding("*")).toBe("br")
    expect(await encoding("deflate")).toBeUndefined()
  })

  it(
    "sends security headers, with a CSP that hashes the " +
      "page's inline scripts and no 'unsafe-inline' script",
    async () => {
      const response = await get("/")
      const csp = String(response.headers["content-security-policy"])
      const hash = createHash("sha256").update(INLINE).digest("base64")
      expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`)
      expect(csp.match(/script-src[^;]*/)![0]).not.toContain("unsafe-inline")
      for (const directive of [
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
        "form-action 'self'",
      ])
        expect(csp).toContain(directive)
      expect(response.headers["x-content-type-options"]).toBe("nosniff")
      expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin")
      expect(response.headers["strict-transport-security"]).toBeUndefined()
      const api = await get("/healthz")
      expect(api.headers["content-security-policy"]).toContain("frame-ancestors 'none'")
    },
  )

  it("answers HEAD without a body, and refuses a malformed percent-encoding", async () => {
    const head = await t.app.inject({ method: "HEAD", url: "/about" })
    expect([head.statusCode, head.body, head.headers["content-type"]]).toEqual([
      200,
      "",
      "text/html; charset=utf-8",
    ])
    expect((await get("/%E0%A4%A")).statusCode).toBe(400)
  })

  it("keeps /api paths as JSON 404s", async () => {
    const response = await get("/api/nothing")
    expect([response.statusCode, response.json().error]).toEqual([404, "not_found"])
    expect((await t.app.inject({ method: "POST", url: "/nothing" })).json().error).toBe("not_found")
  })
})
