import { totpCode } from "../../auth/totp"
import { ADMIN_PASSWORD, describeEachStore, signIn, type TestApp, testApp } from "../../test/stores"
import { addAccount } from "../../test/team"

const STEP = 30_000

describeEachStore("two-factor sign-in (TOTP)", (kind) => {
  let t: TestApp
  let clock = Date.parse("2026-05-01T09:00:05Z")
  beforeAll(async () => {
    t = await testApp(kind, {}, { now: () => clock })
  })
  afterAll(() => t.close())

  const login = (payload: object, remoteAddress = "192.0.2.50") =>
    t.app.inject({ method: "POST", url: "/api/admin/login", payload, remoteAddress })
  const post = (cookie: string, url: string, payload?: object) =>
    t.app.inject({ method: "POST", url, headers: { cookie }, ...(payload ? { payload } : {}) })

  it(
    "enrols with a secret, proven by a first code, then asks " +
      "for a code at each sign-in and takes each code once",
    async () => {
      const cookie = await signIn(t.app)
      const setup = (await post(cookie, "/api/admin/totp/setup")).json()
      expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/)
      expect(setup.uri).toBe(
        `otpauth://totp/localhost:admin?issuer=localhost&secret=${setup.secret}&algorithm=SHA1&digits=6&period=30`,
      )
      // Not on until a code from the app proves it holds the secret.
      expect((await login({ username: "admin", password: ADMIN_PASSWORD })).statusCode).toBe(200)
      const wrong = String((Number(totpCode(setup.secret, clock)) + 1) % 1_000_000).padStart(6, "0")
      expect(
        (
          await post(cookie, "/api/admin/totp/enable", { code: wrong, password: ADMIN_PASSWORD })
        ).json().error,
      ).toBe("invalid_totp")
      expect(
        (
          await post(cookie, "/api/admin/totp/enable", {
            code: totpCode(setup.secret, clock),
            password: ADMIN_PASSWORD,
          })
        ).json(),
      ).toEqual({ totpEnabled: true })
      expect(
        (await t.app.inject({ url: "/api/admin/session", headers: { cookie } })).json().totpEnabled,
      ).toBe(true)

      clock += STEP
      const noCode = await login({ username: "admin", password: ADMIN_PASSWORD })
      expect([noCode.statusCode, noCode.json().error, noCode.headers["set-cookie"]]).toEqual([
        401,
        "totp_required",
        undefined,
      ])
      // A wrong password still says nothing about the second factor.
      expect(
        (
          await login({
            username: "admin",
            password: "wrong password",
            totp: totpCode(setup.secret, clock),
          })
        ).json().error,
      ).toBe("invalid_credentials")
      expect(
        (
          await login({
            username: "admin",
            password: ADMIN_PASSWORD,
            totp: wrong.replace(/./, (d) => String((Number(d) + 5) % 10)),
          })
        ).json().error,
      ).toBe("invalid_totp")
      const code = totpCode(setup.secret, clock)
      expect(
        (await login({ username: "admin", password: ADMIN_PASSWORD, totp: code }, "192.0.2.51"))
          .statusCode,
      ).toBe(200)
      // The same code again (replayed or seen over a shoulder) is refused.
      expect(
        (
          await login({ username: "admin", password: ADMIN_PASSWORD, totp: code }, "192.0.2.52")
        ).json().error,
      ).toBe("invalid_totp")
      // One step of clock drift is allowed.
      clock += STEP
      expect(
        (
          await login(
            {
              username: "admin",
              password: ADMIN_PASSWORD,
              totp: totpCode(setup.secret, clock + STEP),
            },
            "192.0.2.53",
          )
        ).statusCode,
      ).toBe(200)
      for (const totp of ["12345", "1234567", "abcdef", 123456]) {
        expect(
          (await login({ username: "admin", password: ADMIN_PASSWORD, totp }, "192.0.2.54"))
            .statusCode,
        ).toBe(400)
      }
      const audit = (await t.app.inject({ url: "/api/admin/audit", headers: { cookie } }))
        .json()
        .items.map((e: { action: string }) => e.action)
      expect(audit).toEqual(expect.arrayContaining(["totp_enabled", "login_totp_failed", "login"]))
    },
  )

  it("turns the second factor off with the password; an owner resets a member's", async () => {
    clock += 10 * STEP
    const owner = await signIn(t.app).catch(() => null)
    expect(owner).toBeNull() // TOTP is on for admin since the test above
    const member = await addAccount(t.app, await adminCookie(), "sam", "member")
    const setup = (await post(member.cookie, "/api/admin/totp/setup")).json()
    await post(member.cookie, "/api/admin/totp/enable", {
      code: totpCode(setup.secret, clock),
      password: member.password,
    })
    expect((await post(member.cookie, "/api/admin/totp/setup")).json().error).toBe(
      "totp_already_enabled",
    )
    expect(
      (await post(member.cookie, "/api/admin/totp/disable", { password: "nope" })).json().error,
    ).toBe("wrong_password")
    expect(
      (await post(member.cookie, "/api/admin/totp/disable", { password: member.password })).json(),
    ).toEqual({ totpEnabled: false })
    const again = (await post(member.cookie, "/api/admin/totp/setup")).json()
    clock += STEP
    await post(member.cookie, "/api/admin/totp/enable", {
      code: totpCode(again.secret, clock),
      password: member.password,
    })
    expect((await login({ username: "sam", password: member.password })).json().error).toBe(
      "totp_required",
    )
    const reset = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/users/${member.id}/totp`,
      headers: { cookie: await adminCookie() },
    })
    expect(reset.statusCode).toBe(204)
    expect((await login({ username: "sam", password: member.password })).statusCode).toBe(200)
  })

  async function adminCookie() {
    const secret = await secretOf("admin")
    clock += STEP
    const response = await login(
      { username: "admin", password: ADMIN_PASSWORD, totp: totpCode(secret, clock) },
      "192.0.2.60",
    )
    return `admin_session=${response.cookies.find((c) => c.name === "admin_session")!.value}`
  }
  const secretOf = async (username: string) => {
    const admin = (await t.store.admins.findByUsername(username))!
    return t.totpSecrets.open(admin.id, admin.totpSecret!)!
  }
})

describeEachStore("ADMIN_REQUIRE_2FA=1", (kind) => {
  let t: TestApp
  const clock = Date.parse("2026-05-01T09:00:05Z")
  beforeAll(async () => {
    t = await testApp(kind, { ADMIN_REQUIRE_2FA: "1" }, { now: () => clock })
  })
  afterAll(() => t.close())

  it("holds an owner without TOTP to enrolment, then lets them in; members are not held", async () => {
    const cookie = await signIn(t.app)
    const get = (url: string, c = cookie) => t.app.inject({ url, headers: { cookie: c } })
    expect((await get("/api/admin/session")).json()).toMatchObject({
      role: "owner",
      totpEnabled: false,
      totpSetupRequired: true,
    })
    for (const url of [
      "/api/admin/messages",
      "/api/admin/summary",
      "/api/admin/users",
      "/api/admin/audit",
    ]) {
      expect([url, (await get(url)).json().error]).toEqual([url, "totp_setup_required"])
    }
    const setup = (
      await t.app.inject({ method: "POST", url: "/api/admin/totp/setup", headers: { cookie } })
    ).json()
    await t.app.inject({
      method: "POST",
      url: "/api/admin/totp/enable",
      headers: { cookie },
      payload: { code: totpCode(setup.secret, clock), password: ADMIN_PASSWORD },
    })
    expect((await get("/api/admin/session")).json().totpSetupRequired).toBe(false)
    expect((await get("/api/admin/messages")).statusCode).toBe(200)
    // Owners may not turn it off while the rule holds.
    const off = await t.app.inject({
      method: "POST",
      url: "/api/admin/totp/disable",
      headers: { cookie },
      payload: { password: ADMIN_PASSWORD },
    })
    expect([off.statusCode, off.json().error]).toEqual([403, "totp_required_for_owners"])

    const member = await addAccount(t.app, cookie, "mia", "member")
    expect((await get("/api/admin/messages", member.cookie)).statusCode).toBe(200)
    expect((await get("/api/admin/session", member.cookie)).json().totpSetupRequired).toBe(false)
  })
})
