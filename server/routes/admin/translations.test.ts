import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { describeEachStore, signIn, type TestApp, testApp } from "../../test/stores"

// The dashboard's "German: 1 outdated, 0 missing" comes from this count of a content/ copy.
describeEachStore("admin translation status API", (kind) => {
  let t: TestApp
  let cookie: string
  const contentDir = fs.mkdtempSync(path.join(os.tmpdir(), "translations-api-"))
  beforeAll(async () => {
    fs.cpSync(path.resolve(__dirname, "../../../content"), contentDir, { recursive: true })
    t = await testApp(kind, { CONTENT_DIR: contentDir })
    cookie = await signIn(t.app)
  })
  afterAll(() => t.close())

  const get = (headers: Record<string, string> = { cookie }) =>
    t.app.inject({ url: "/api/admin/translations", headers })

  it("counts missing, outdated and unused keys per language after a French change", async () => {
    expect((await get()).json()).toEqual({
      languages: [
        { language: "en", missing: 0, outdated: 0, unused: 0 },
        { language: "de", missing: 0, outdated: 0, unused: 0 },
      ],
    })
    const file = path.join(contentDir, "locales/fr/about.json")
    const about = JSON.parse(fs.readFileSync(file, "utf8"))
    about.hero.title = "Un autre titre"
    fs.writeFileSync(file, JSON.stringify(about))
    const german = path.join(contentDir, "locales/de/about.json")
    const deAbout = JSON.parse(fs.readFileSync(german, "utf8"))
    delete deAbout.hero.lead
    fs.writeFileSync(german, JSON.stringify(deAbout))
    expect((await get()).json().languages).toEqual([
      { language: "en", missing: 0, outdated: 1, unused: 0 },
      { language: "de", missing: 1, outdated: 1, unused: 0 },
    ])
  })

  it("needs a session", async () => {
    expect((await get({})).statusCode).toBe(401)
  })

  it("answers 409 with a message when the lock is damaged, not a 500", async () => {
    fs.writeFileSync(path.join(contentDir, "translations.lock.json"), "[1]")
    const response = await get()
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({
      error: "lock_unreadable",
      message: expect.stringContaining("npm run content:stamp"),
    })
  })
})

describeEachStore("admin translation status API without content", (kind) => {
  it("answers 404 with a message", async () => {
    const t = await testApp(kind, { CONTENT_DIR: path.join(os.tmpdir(), "no-such-content-dir") })
    const cookie = await signIn(t.app)
    const response = await t.app.inject({ url: "/api/admin/translations", headers: { cookie } })
    expect(response.statusCode).toBe(404)
    expect(response.json().error).toBe("content_not_found")
    await t.close()
  })
})
