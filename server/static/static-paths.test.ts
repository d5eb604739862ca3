// Threat: drafts, previews and build artefacts readable by anyone (issue 46, finding 3).
// GET /static/..%2fblog%2fbrouillon-secret%2findex.html with no cookie answered a preview's
// draft, cached for a year and indexable, through the nginx recipe too: the fallback for
// earlier releases' bundles joined the request path to every release folder on disk, previews
// included, and /static/..%2fwebpack.stats.json (and the other build files) came back 200.
// Now a decoded path with "." or "..", a backslash, a NUL or a second encoding is answered 400,
// earlier releases' bundles come from the names each live release's own walk listed, and a
// preview's files are served only behind its cookie. See docs/SECURITY.md, issue 46.
import { randomBytes } from "node:crypto"
import fs from "node:fs"
import type { AddressInfo } from "node:net"
import os from "node:os"
import path from "node:path"
import { pointCurrentAt } from "../releases/folders"
import {
  type Nginx,
  nginxMissing,
  RECIPE_ACCESS_LOG,
  renderRecipe,
  selfSignedCertificate,
  startNginx,
} from "../test/nginx"
import { recordRelease, writeRelease } from "../test/releases"
import { request } from "../test/request"
import { freePort } from "../test/server-process"
import { type TestApp, testApp } from "../test/stores"
import { waitFor } from "../test/wait-for"

const OLDER = "20260101T080000Z-local-aaaaaa"
const LIVE = "20260102T080000Z-local-bbbbbb"
const PREVIEW = "20260103T080000Z-local-cccccc"
const TOKEN = randomBytes(24).toString("base64url")

const DRAFT = "blog/brouillon-secret/index.html"
const ARTEFACTS = ["webpack.stats.json", "chunk-map.json", "csp-hashes.json", "cms/config.yml"]
const PREVIEW_FILE = "static/0f1e2d3c/preview-only.txt"
const OLDER_BUNDLE = "/app-aaaaaaaaaaaaaaaaaaaa.js"
/** In every file a request must never get. */
const SECRET = "NOT-FOR-THE-PUBLIC"

const page = (title: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`

const artefacts = Object.fromEntries(
  ARTEFACTS.map((name) => [name, name.endsWith(".json") ? `{"${SECRET}":[]}` : SECRET]),
)

/** The ways a ".." out of /static/ to `target` has been written. */
function traversals(target: string): string[] {
  const encodedSlashes = target.replaceAll("/", "%2f")
  return [
    `/static/..%2f${encodedSlashes}`,
    `/static/..%2F${encodedSlashes}`,
    `/static/%2e%2e/${target}`,
    `/static/%2E%2E/${target}`,
    `/static/%2e%2e%2f${encodedSlashes}`,
    `/static/..%252f${encodedSlashes.replaceAll("%2f", "%252f")}`,
    `/static/..\\${target.replaceAll("/", "\\")}`,
    `/static/..%5c${target.replaceAll("/", "%5c")}`,
    `/static/..%2f${encodedSlashes}%00`,
    `/static/%00/../${target}`,
    `/static/./../${target}`,
    `/static/0f1e2d3c/../../${target}`,
    `/static/..%2f..%2f${PREVIEW}%2fpublic%2f${encodedSlashes}`,
  ]
}
const TARGETS = [DRAFT, ...ARTEFACTS, PREVIEW_FILE]

/** A GET whose path is sent exactly as written: neither http nor the test normalises it. */
async function rawGet(
  base: string,
  requestPath: string,
  options: { ca?: Buffer; cookie?: string } = {},
) {
  const answer = await request(base, {
    path: requestPath,
    ca: options.ca,
    headers: options.cookie ? { cookie: options.cookie } : {},
  })
  return { ...answer, body: answer.body.toString() }
}

describe("security: no path reaches a draft, a preview or a build file (issue 46, finding 3)", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "static-paths-"))
  const releasesDir = path.join(dir, "releases")
  let t: TestApp
  let base: string

  beforeAll(async () => {
    writeRelease(releasesDir, OLDER, {
      "index.html": page("Avant"),
      [OLDER_BUNDLE]: "console.log('older')",
    })
    writeRelease(releasesDir, LIVE, {
      "index.html": page("Accueil"),
      "app-bbbbbbbbbbbbbbbbbbbb.js": "console.log('live')",
      ...artefacts,
    })
    writeRelease(releasesDir, PREVIEW, {
      "index.html": page("Aperçu"),
      [DRAFT]: page(`Brouillon ${SECRET}`),
      [PREVIEW_FILE]: SECRET,
      ...artefacts,
    })
    // As in production: /cms/ is not served (a normalised "/static/../cms/config.yml" is /cms/config.yml).
    t = await testApp("sqlite", {
      RELEASES_DIR: releasesDir,
      PUBLISH_SCHEDULE: "off",
      CMS_ENABLED: "off",
    })
    for (const [id, kind, at] of [
      [OLDER, "live", 1],
      [LIVE, "live", 2],
      [PREVIEW, "preview", 3],
    ] as const) {
      await recordRelease(t.store.releases, {
        id,
        kind,
        trigger: "command",
        actor: null,
        started_at: at,
        preview_token: kind === "preview" ? TOKEN : null,
      })
    }
    await t.store.releases.switchTo(LIVE, "test")
    pointCurrentAt(releasesDir, LIVE)
    await waitFor(
      async () => (await t.app.inject({ url: "/" })).body.includes("Accueil"),
      5000,
      "the live release",
    )
    await t.app.listen({ port: 0, host: "127.0.0.1" })
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await t.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  const leaked = (answer: { status: number; body: string }) =>
    answer.status === 200 && answer.body.includes(SECRET)

  it("answers no traversal with the file, through app.inject and a listening server", async () => {
    for (const target of TARGETS)
      for (const url of traversals(target)) {
        const injected = await t.app.inject({ url })
        expect([url, leaked({ status: injected.statusCode, body: injected.body })]).toEqual([
          url,
          false,
        ])
        const real = await rawGet(base, url)
        expect([url, leaked(real)]).toEqual([url, false])
      }
  })

  it("refuses a decoded '..', backslash, NUL or second encoding with a 400 that says why", async () => {
    for (const url of [
      "/static/..%2fwebpack.stats.json",
      "/static/%2e%2e/chunk-map.json",
      "/static/..%5ccsp-hashes.json",
      "/static/x%00.js",
      "/static/..%252fcms%252fconfig.yml",
    ]) {
      const answer = await rawGet(base, url)
      expect([url, answer.status]).toEqual([url, 400])
      expect(JSON.parse(answer.body)).toEqual({ error: "bad_path", message: expect.any(String) })
    }
  })

  it("serves a preview's own files only behind its cookie, and an earlier live release's bundles", async () => {
    expect((await rawGet(base, `/${PREVIEW_FILE}`)).status).toBe(404)
    const cookie = `mesurea_preview=${TOKEN}`
    const behindCookie = await rawGet(base, `/${PREVIEW_FILE}`, { cookie })
    expect([behindCookie.status, behindCookie.body]).toEqual([200, SECRET])
    // Not through a traversal either, cookie or not: the preview's build files stay unserved.
    for (const target of ARTEFACTS)
      for (const url of traversals(target))
        expect(leaked(await rawGet(base, url, { cookie }))).toBe(false)
    const older = await rawGet(base, OLDER_BUNDLE)
    expect([older.status, older.body]).toEqual([200, "console.log('older')"])
  })

  const missing = nginxMissing()
  ;(missing ? it.skip : it)(
    `answers no traversal with the file behind the nginx recipe${missing ? ` (skipped: ${missing})` : ""}`,
    async () => {
      const { cert, key } = selfSignedCertificate(dir)
      const [httpsPort, httpPort] = [await freePort(), await freePort()]
      const site = renderRecipe({
        SERVER_NAME: "localhost",
        HTTPS_LISTEN: `127.0.0.1:${httpsPort}`,
        HTTP_LISTEN: `127.0.0.1:${httpPort}`,
        TLS_CERT: cert,
        TLS_KEY: key,
        PUBLIC_DIR: path.join(releasesDir, "current", "public"),
        UPSTREAM: new URL(base).host,
      })
      const nginx: Nginx = await startNginx(
        site.replaceAll(RECIPE_ACCESS_LOG, path.join(dir, "access.log")),
        httpsPort,
      )
      try {
        const origin = `https://localhost:${httpsPort}`
        const ca = fs.readFileSync(cert)
        expect((await rawGet(origin, "/", { ca })).body).toContain("Accueil")
        for (const target of TARGETS)
          for (const url of traversals(target)) {
            const answer = await rawGet(origin, url, { ca })
            expect([url, leaked(answer)]).toEqual([url, false])
          }
        expect((await rawGet(origin, `/${PREVIEW_FILE}`, { ca })).status).toBe(404)
      } finally {
        await nginx.stop()
      }
    },
    30_000,
  )
})
