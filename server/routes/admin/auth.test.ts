import { buildApp } from "../../app"
import { ensureAdminAccount } from "../../auth/bootstrap"
import { hashToken } from "../../auth/tokens"
import {
  ADMIN_PASSWORD,
  describeEachStore,
  freshStoreLocation,
  signIn,
  type TestApp,
  testApp,
  testConfig,
} from "../../test/stores"

describeEachStore("admin authentication", (kind) => {
  let t: TestApp
  let clock = Date.parse("2026-03-01T10:00:00Z")
  beforeAll(async () => {
    t = await testApp(kind, { TRUST_PROXY: "1" }, { now: () => clock })
  })
  afterAll(() => t.close())

  const login = (
    username: string,
    password: string,
    remoteAddress = "192.0.2.1",
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { username, password },
      remoteAddress,
      headers,
    })
  const session = (cookie: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url: "/api/admin/session", headers: { cookie, ...headers } })

  it("stores the password as argon2id with OWASP parameters", async () => {
    const admin = await t.store.admins.findByUsername("admin")
    expect(admin!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
  })

  it("signs in with an HttpOnly, SameSite=Strict cookie valid 24 hours, and answers { expiresAt }", async () => {
    const response = await login("admin", ADMIN_PASSWORD)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ expiresAt: clock + 24 * 3_600_000 })
    const [setCookie, teamMarker] = [response.headers["set-cookie"]].flat().map(String)
    expect(setCookie).toMatch(
      /^admin_session=[A-Za-z0-9_-]{43}; Path=\/api\/admin; Max-Age=86400; HttpOnly; SameSite=Strict$/,
    )
    // The audience's marker (server/auth/team-marker.ts): no session, sent to /api/event only.
    expect(teamMarker).toBe(
      "audience_team=1; Path=/api/event; Max-Age=34560000; HttpOnly; SameSite=Strict",
    )
    const token = setCookie.split(";")[0].split("=")[1]
    // The store keeps only a hash of the token.
    expect(await t.store.sessions.findLive(token)).toBeNull()
    expect(await t.store.sessions.findLive(hashToken(token))).toMatchObject({ username: "admin" })
    expect((await session(`admin_session=${token}`)).json()).toEqual({
      username: "admin",
      expiresAt: clock + 24 * 3_600_000,
      role: "owner",
      totpEnabled: false,
      totpSetupRequired: false,
    })
  })

  it("marks the cookie Secure behind an HTTPS proxy", async () => {
    const response = await login("admin", ADMIN_PASSWORD, "192.0.2.1", {
      "x-forwarded-proto": "https",
    })
    expect(String(response.headers["set-cookie"])).toMatch(/; Secure$/)
    expect(response.headers["strict-transport-security"]).toBe(
      "max-age=31536000; includeSubDomains",
    )
  })

  it("answers a wrong password and an unknown user alike", async () => {
    const wrong = await login("admin", "not the password", "192.0.2.10")
    const unknown = await login("nobody", "not the password", "192.0.2.11")
    expect([wrong.statusCode, unknown.statusCode]).toEqual([401, 401])
    expect(wrong.body).toBe(unknown.body)
    expect(wrong.headers["set-cookie"]).toBeUndefined()
  })

  it("refuses every admin route without a session", async () => {
    for (const url of [
      "/api/admin/session",
      "/api/admin/messages",
      "/api/admin/subscribers",
      "/api/admin/summary",
      "/api/admin/messages/export.csv",
    ]) {
      const response = await t.app.inject({ url })
      expect([url, response.statusCode, response.json().error]).toEqual([url, 401, "unauthorized"])
    }
    expect((await session("admin_session=forged")).statusCode).toBe(401)
  })

  it("ends a session after 24 hours", async () => {
    const cookie = await signIn(t.app)
    clock += 24 * 3_600_000 - 1
    expect((await session(cookie)).statusCode).toBe(200)
    clock += 1
    expect((await session(cookie)).statusCode).toBe(401)
  })

  it("revokes the session on logout", async () => {
    const cookie = await signIn(t.app)
    const logout = await t.app.inject({
      method: "POST",
      url: "/api/admin/logout",
      headers: { cookie },
    })
    expect(logout.statusCode).toBe(204)
    expect(String(logout.headers["set-cookie"])).toContain("Max-Age=0")
    expect((await session(cookie)).statusCode).toBe(401)
  })

  it("refuses cross-site requests, even with a valid session", async () => {
    const cookie = await signIn(t.app)
    expect((await session(cookie, { "sec-fetch-site": "cross-site" })).statusCode).toBe(403)
    expect(
      (await session(cookie, { "sec-fetch-site": "same-site", origin: "https://other.example" }))
        .statusCode,
    ).toBe(403)
    expect((await session(cookie, { origin: "https://evil.example" })).json().error).toBe(
      "cross_site",
    )
    expect(
      (await session(cookie, { "sec-fetch-site": "same-origin", origin: "http://localhost:80" }))
        .statusCode,
    ).toBe(200)
    expect((await session(cookie, { origin: "http://localhost:8000" })).statusCode).toBe(200)
    expect(
      (await login("admin", ADMIN_PASSWORD, "192.0.2.1", { "sec-fetch-site": "cross-site" }))
        .statusCode,
    ).toBe(403)
    const bulk = await t.app.inject({
      method: "POST",
      url: "/api/admin/messages/bulk",
      headers: { cookie, origin: "https://evil.example" },
      payload: { ids: ["x"], action: "delete" },
    })
    expect(bulk.statusCode).toBe(403)
  })

  // Throttling: server/auth/throttle.test.ts.

  it("validates the login body", async () => {
    for (const payload of [
      { username: "admin" },
      { username: "admin", password: 1 },
      { username: "", password: "x" },
      { username: "admin", password: "x", extra: 1 },
    ]) {
      expect(
        (await t.app.inject({ method: "POST", url: "/api/admin/login", payload })).statusCode,
      ).toBe(400)
    }
  })
})

describeEachStore("admin account bootstrap", (kind) => {
  it("generates a password once when none is configured", async () => {
    const location = await freshStoreLocation(kind)
    const config = { ...testConfig(location), adminPassword: null }
    const first = await buildApp(config, { logger: false })
    expect(first.generatedPassword).toMatch(/^[A-Za-z0-9_-]{24}$/)
    const response = await first.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { username: "admin", password: first.generatedPassword },
    })
    expect(response.statusCode).toBe(200)
    await first.app.close()
    const second = await buildApp(config, { logger: false })
    expect(second.generatedPassword).toBeNull()
    await second.app.close()
    await location.drop()
  })
})

describeEachStore("admin account bootstrap, later starts", (kind) => {
  it("warns when ADMIN_PASSWORD no longer matches the existing account, and ignores it", async () => {
    const location = await freshStoreLocation(kind)
    try {
      const first = await buildApp(testConfig(location), { logger: false })
      await first.app.close()
      const warnings: string[] = []
      const changed = { ...testConfig(location), adminPassword: "a brand new password 42" }
      const second = await buildApp(changed, { logger: false })
      try {
        expect(
          await ensureAdminAccount(second.store, changed, (message) => warnings.push(message)),
        ).toBeNull()
        expect(
          await ensureAdminAccount(second.store, testConfig(location), (message) =>
            warnings.push(message),
          ),
        ).toBeNull()
        expect(warnings).toEqual([
          expect.stringMatching(
            /^ADMIN_PASSWORD differs from the password of "admin" and is ignored/,
          ),
        ])
        const login = await second.app.inject({
          method: "POST",
          url: "/api/admin/login",
          payload: { username: "admin", password: "a brand new password 42" },
        })
        expect(login.statusCode).toBe(401)
      } finally {
        await second.app.close()
      }
    } finally {
      await location.drop()
    }
  })
})
