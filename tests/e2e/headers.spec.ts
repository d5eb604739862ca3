// Security headers on every kind of answer, and inline scripts covered by the CSP hashes. That the
// browser reports no CSP violation on any public page is checked by the walk of page-walk.spec.ts.
import { createHash } from "node:crypto"
import { expect, test, type APIResponse } from "@playwright/test"
import { bundleUrls } from "../../postbuild/defer-bundles"
import { allPublicPages } from "./all-pages"

function expectSecurityHeaders(response: APIResponse, what: string) {
  const headers = response.headers()
  const csp = headers["content-security-policy"] ?? ""
  const directives = new Map(
    csp
      .split(";")
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values]),
  )
  expect(csp, `${what}: Content-Security-Policy`).not.toBe("")
  expect(directives.get("script-src"), `${what}: script-src`).toBeDefined()
  expect(directives.get("script-src"), `${what}: script-src without 'unsafe-inline'`).not.toContain(
    "'unsafe-inline'",
  )
  expect(directives.get("script-src"), `${what}: script-src without 'unsafe-eval'`).not.toContain(
    "'unsafe-eval'",
  )
  expect(directives.get("object-src"), `${what}: object-src`).toEqual(["'none'"])
  expect(directives.get("base-uri"), `${what}: base-uri`).toEqual(["'none'"])
  expect(directives.get("frame-ancestors"), `${what}: frame-ancestors`).toEqual(["'none'"])
  expect(headers["x-content-type-options"], `${what}: nosniff`).toBe("nosniff")
  expect(headers["referrer-policy"], `${what}: Referrer-Policy`).toMatch(
    /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
  )
  return directives
}

/** The inline scripts a browser would run: no src, and no data type such as application/ld+json. */
function inlineScripts(html: string): string[] {
  const scripts: string[] = []
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1].toLowerCase()
    if (/\bsrc\s*=/i.test(attributes)) continue
    if (type && !["text/javascript", "application/javascript", "module"].includes(type)) continue
    scripts.push(body)
  }
  return scripts
}

test("every kind of answer carries the security headers", async ({ request }) => {
  const home = await request.get("/")
  expect(home.status()).toBe(200)
  expectSecurityHeaders(home, "HTML page /")
  const html = await home.text()
  const asset = bundleUrls(html).find((url) => /^\/[^/]+-[0-9a-f]{16,}\.js$/.test(url))
  expect(asset, "the home page loads a hashed script").toBeTruthy()

  const answers: [string, () => Promise<APIResponse>, number][] = [
    ["HTML page /de/about", () => request.get("/de/about"), 200],
    ["hashed asset", () => request.get(asset!), 200],
    ["page-data JSON", () => request.get("/page-data/index/page-data.json"), 200],
    ["health JSON", () => request.get("/healthz"), 200],
    ["API JSON error (no session)", () => request.get("/api/admin/session"), 401],
    [
      "API JSON error (bad body)",
      () => request.post("/api/newsletter", { data: { email: "not-an-address" } }),
      400,
    ],
    ["unknown API path", () => request.get("/api/no-such-thing"), 404],
    ["404 page", () => request.get("/no-such-page"), 404],
    ["localized 404 page", () => request.get("/de/gibt-es-nicht"), 404],
    ["redirect /about/ -> /about", () => request.get("/about/", { maxRedirects: 0 }), 301],
    ["admin shell", () => request.get("/admin/login"), 200],
  ]
  for (const [what, send, status] of answers) {
    const response = await send()
    expect(response.status(), what).toBe(status)
    expectSecurityHeaders(response, what)
  }
  const redirect = await request.get("/about/", { maxRedirects: 0 })
  expect(redirect.headers().location).toBe("/about")
})

test("every inline script of every page matches a sha256 hash of its CSP", async ({ request }) => {
  const missing: string[] = []
  for (const path of [...allPublicPages, "/no-such-page", "/admin/login"]) {
    const response = await request.get(path)
    const scriptSrc = expectSecurityHeaders(response, path).get("script-src") ?? []
    for (const script of inlineScripts(await response.text())) {
      const hash = `'sha256-${createHash("sha256").update(script, "utf8").digest("base64")}'`
      if (!scriptSrc.includes(hash))
        missing.push(`${path}: ${hash} for ${JSON.stringify(script.slice(0, 80))}`)
    }
  }
  expect(missing, missing.join("\n")).toEqual([])
})
