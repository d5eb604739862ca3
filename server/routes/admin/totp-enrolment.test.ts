// Threat: a stolen session enrolling its own second factor (issue 21, finding 4). With only
// the cookie, POST /api/admin/totp/setup then /enable { code } turned two-factor sign-in on
// with the attacker's app: the real person's password no longer signed them in, and their
// other sessions stayed open. Now enrolling (like turning it off) asks for the password again,
// through the login throttle's slots, and ends the account's other sessions.
// See docs/SECURITY.md.
import { totpCode } from "../../auth/totp"
import { ADMIN_PASSWORD, describeEachStore, signIn, type TestApp, testApp } from "../../test/stores"

describeEachStore("security: enrolling a second factor", (kind) => {
  let t: TestApp
  let clock = Date.parse("2026-06-01T08:00:05Z")
  beforeEach(async () => {
    t = await testApp(kind, {}, { now: () => clock })
  })
  afterEach(() => t.close())

  const post = (cookie: string, url: string, payload?: object, remoteAddress = "203.0.113.9") =>
    t.app.inject({
      method: "POST",
      url,
      headers: { cookie },
      remoteAddress,
      ...(payload ? { payload } : {}),
    })
  const session = (cookie: string) =>
    t.app.inject({ url: "/api/admin/session", headers: { cookie } })

  it("refuses a session without the password: nothing is turned on, the owner still signs in", async () => {
    const stolen = await signIn(t.app)
    const { secret } = (await post(stolen, "/api/admin/totp/setup")).json()
    const code = totpCode(secret, clock)
    const withoutPassword = await post(stolen, "/api/admin/totp/enable", { code })
    expect([withoutPassword.statusCode, withoutPassword.json().error]).toEqual([
      400,
      "invalid_body",
    ])
    const guessed = await post(stolen, "/api/admin/totp/enable", {
      code,
      password: "a guess at the password",
    })
    expect([guessed.statusCode, guessed.json().error]).toEqual([400, "wrong_password"])
    expect((await session(stolen)).json().totpEnabled).toBe(false)
    expect((await signIn(t.app)).startsWith("admin_session=")).toBe(true)
  })

  it(
    "counts wrong passwords through it with sign-in's: the " +
      "address is soon answered 429, there and at sign-in",
    async () => {
      const stolen = await signIn(t.app)
      const { secret } = (await post(stolen, "/api/admin/totp/setup")).json()
      const statuses: number[] = []
      for (let i = 0; i < 6; i++) {
        const answer = await post(stolen, "/api/admin/totp/enable", {
          code: totpCode(secret, clock),
          password: `guess ${i}`,
        })
        statuses.push(answer.statusCode)
      }
      // Three failures of the account from an address that failed, then each try waits.
      expect(statuses.slice(0, 3)).toEqual([400, 400, 400])
      expect(statuses.slice(3)).toContain(429)
      const login = await t.app.inject({
        method: "POST",
        url: "/api/admin/login",
        payload: { username: "admin", password: ADMIN_PASSWORD },
        remoteAddress: "203.0.113.9",
      })
      expect(login.statusCode).toBe(429)
      expect(Number(login.headers["retry-after"])).toBeGreaterThanOrEqual(1)
    },
  )

  it("with the password, turns it on and ends the account's other sessions, keeping this one", async () => {
    const other = await signIn(t.app)
    const mine = await signIn(t.app)
    const { secret } = (await post(mine, "/api/admin/totp/setup")).json()
    const enabled = await post(mine, "/api/admin/totp/enable", {
      code: totpCode(secret, clock),
      password: ADMIN_PASSWORD,
    })
    expect([enabled.statusCode, enabled.json()]).toEqual([200, { totpEnabled: true }])
    expect((await session(mine)).json()).toMatchObject({ username: "admin", totpEnabled: true })
    expect((await session(other)).statusCode).toBe(401)
    const audit = (
      await t.app.inject({ url: "/api/admin/audit", headers: { cookie: mine } })
    ).json().items as { action: string }[]
    expect(audit.filter((e) => e.action === "totp_enabled")).toHaveLength(1)
    // Turning it off asks for the password too.
    const off = await post(mine, "/api/admin/totp/disable", { password: "a guess" })
    expect(off.json().error).toBe("wrong_password")
    clock += 30_000
    const back = await t.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { username: "admin", password: ADMIN_PASSWORD, totp: totpCode(secret, clock) },
      remoteAddress: "192.0.2.7",
    })
    expect(back.statusCode).toBe(200)
  })
})
