// Threat: previews that leak and evict (issue 46, finding 8). A random preview cookie emptied
// the one-slot preview cache, so the reviewer's next page loaded the whole preview again
// (blocking the server 0.23-0.36 s); preview pages were `no-cache` without `private` or
// `Vary: Cookie`; the token was in the info log (GET /api/preview/<token>) and in the
// database in plain text. Now previews are cached by token (a few, least recently served
// first out) and an unknown token evicts none; every preview answer is `private, no-store`,
// `Vary: Cookie`, noindex; the log shows /api/preview/<token> without it; the store keeps its
// SHA-256 (migration 0016_preview_token_hash hashed the stored ones) and the owners' link is
// read from the release's folder. See docs/SECURITY.md, issue 46.
import { createHash, randomBytes } from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import type { FastifyBaseLogger } from "fastify"
import { buildApp } from "../app"
import type { Site } from "../static/site-files"
import { openDatabase } from "../store/database"
import { migrateTo } from "../store/migrations"
import type { NewRelease } from "../store/releases"
import { asABuild, READY, recordRelease, writeRelease } from "../test/releases"
import {
  describeEachStore,
  freshStoreLocation,
  signIn,
  type TestApp,
  testApp,
  testConfig,
  withRaw,
} from "../test/stores"
import { createLiveSite } from "./live-site"
import { keepingPreviewTokens } from "./preview-token"

const token = () => randomBytes(24).toString("base64url")
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex")
const previewRelease = (id: string, previewToken: string, at = 1): NewRelease => ({
  id,
  kind: "preview",
  trigger: "admin",
  actor: "admin",
  started_at: at,
  preview_token: previewToken,
})
const page = (title: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body>${title}</body></html>`
const silent = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger

/** A ready preview with a page, a bundle and a 404 page in its folder; answers its token. */
async function addPreview(t: TestApp, id: string, at: number): Promise<string> {
  const secret = token()
  writeRelease(t.config.releasesDir, id, {
    "index.html": page(`Aperçu ${id}`),
    "404.html": page("Introuvable"),
    "app-0123456789abcdef0123.js": "console.log('preview')",
  })
  await asABuild(t.store.releases, async () => {
    await keepingPreviewTokens(t.store.releases, t.config.releasesDir).create(
      previewRelease(id, secret, at),
    )
    expect(await t.store.releases.finish(id, READY)).toBe(true)
  })
  return secret
}

const ids = [1, 2, 3, 4].map((n) => `2026010${n}T080000Z-local-00000${n}`)

describe("security: previews neither leak nor evict each other (issue 46, finding 8)", () => {
  let t: TestApp
  const lines: string[] = []
  const tokens: string[] = []
  beforeAll(async () => {
    const releasesDir = fs.mkdtempSync(path.join(os.tmpdir(), "previews-"))
    t = await testApp(
      "sqlite",
      { RELEASES_DIR: releasesDir, LOG_LEVEL: "info", PUBLISH_SCHEDULE: "off" },
      { logger: true, logStream: { write: (line) => lines.push(line) } },
    )
    for (const [n, id] of ids.entries()) tokens.push(await addPreview(t, id, n + 1))
  })
  afterAll(async () => {
    await t.close()
    fs.rmSync(t.config.releasesDir, { recursive: true, force: true })
  })

  it("keeps previews loaded by token: an unknown token evicts none, a few stay in memory", async () => {
    const loaded: string[] = []
    const empty: Site = { files: new Map(), adminShell: null, notFoundPage: () => null }
    const live = await createLiveSite({
      releases: t.store.releases,
      releasesDir: t.config.releasesDir,
      publicDir: path.join(t.config.releasesDir, "none"),
      log: silent,
      cmsEnabled: false,
      pollMs: 60_000,
      load: (dir) => {
        loaded.push(path.basename(path.dirname(dir)))
        return empty
      },
    })
    try {
      loaded.length = 0
      expect(await live.preview(tokens[0])).toBe(empty)
      for (let guess = 0; guess < 20; guess++) expect(await live.preview(token())).toBeNull()
      await live.preview(tokens[0])
      expect(loaded).toEqual([ids[0]])
      // Two reviewers in turn: each preview is loaded once.
      for (let turn = 0; turn < 3; turn++) {
        await live.preview(tokens[1])
        await live.preview(tokens[0])
      }
      expect(loaded).toEqual([ids[0], ids[1]])
      // Three stay loaded: a fourth sends out the one served longest ago (the second).
      await live.preview(tokens[2])
      await live.preview(tokens[3])
      await live.preview(tokens[0])
      await live.preview(tokens[1])
      expect(loaded).toEqual([ids[0], ids[1], ids[2], ids[3], ids[1]])
    } finally {
      live.close()
    }
  })

  it("answers every preview page, bundle and 404 as private, not stored, varying by cookie, noindex", async () => {
    const cookie = `mesurea_preview=${tokens[0]}`
    for (const url of ["/", "/app-0123456789abcdef0123.js", "/nowhere"]) {
      const answer = await t.app.inject({ url, headers: { cookie, "accept-encoding": "gzip" } })
      expect([url, answer.statusCode]).toEqual([url, url === "/nowhere" ? 404 : 200])
      expect(answer.headers["cache-control"]).toBe("private, no-store")
      expect(String(answer.headers.vary)).toMatch(/\bcookie\b/i)
      expect(answer.headers["x-robots-tag"]).toMatch(/^noindex/)
    }
    expect((await t.app.inject({ url: "/", headers: { cookie } })).body).toContain(ids[0])
  })

  it("logs the preview link's path without its token", async () => {
    const opened = await t.app.inject({ url: `/api/preview/${tokens[1]}` })
    expect(opened.statusCode).toBe(302)
    expect((await t.app.inject({ url: `/api/preview/${token()}` })).statusCode).toBe(404)
    const logged = lines.join("")
    expect(logged).toContain('"path":"/api/preview/<token>"')
    expect(logged).not.toContain(tokens[1])
  })

  it("shows owners the link from the release's folder, the store holding its hash only", async () => {
    const cookie = await signIn(t.app)
    const overview = await t.app.inject({ url: "/api/admin/releases", headers: { cookie } })
    const paths = (overview.json().releases as { id: string; previewPath: string }[]).map(
      (release) => [release.id, release.previewPath],
    )
    expect(paths).toEqual(
      expect.arrayContaining(ids.map((id, n) => [id, `/api/preview/${tokens[n]}`])),
    )
    const file = path.join(t.config.releasesDir, ids[0], "preview-token")
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
  })
})

describeEachStore("security: preview tokens stored as SHA-256 (issue 46, finding 8)", (kind) => {
  it("keeps the hash, finds the preview by its token, and hashes those stored before", async () => {
    const location = await freshStoreLocation(kind)
    const { db } = openDatabase({ databaseUrl: location.databaseUrl, dataDir: location.dataDir })
    await migrateTo(db, "0014_releases")
    const old = token()
    await (db as any)
      .insertInto("releases")
      .values({ ...previewRelease(ids[0], old), status: "ready" })
      .execute()
    await db.destroy()

    const { app, store } = await buildApp(testConfig(location), { logger: false })
    try {
      const fresh = token()
      await recordRelease(store.releases, previewRelease(ids[1], fresh, 2))
      const stored = await withRaw(location, (raw) =>
        raw.selectFrom("releases").select(["id", "preview_token"]).orderBy("id").execute(),
      )
      expect(stored).toEqual([
        { id: ids[0], preview_token: sha256(old) },
        { id: ids[1], preview_token: sha256(fresh) },
      ])
      expect((await store.releases.byPreviewToken(old))?.id).toBe(ids[0])
      expect((await store.releases.byPreviewToken(fresh))?.id).toBe(ids[1])
      expect(await store.releases.byPreviewToken(sha256(fresh))).toBeNull()
    } finally {
      await app.close()
      await location.drop()
    }
  })
})
