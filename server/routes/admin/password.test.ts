import { ADMIN_PASSWORD, describeEachStore, signIn, type TestApp, testApp } from "../../test/stores"

describeEachStore("POST /api/admin/password", (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await testApp(kind)
  })
  afterAll(() => t.close())

  const change = (cookie: string, payload: object) =>
    t.app.inject({ method: "POST", url: "/api/admin/password", payload, headers: { cookie } })
  const login = (password: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { username: "admin", password },
    })

  it("needs a session", async () => {
    expect(
      (await change("", { currentPassword: ADMIN_PASSWORD, newPassword: "a new long password" }))
        .statusCode,
    ).toBe(401)
  })

  it("refuses a wrong current password with 400, keeping the session", async () => {
    const cookie = await signIn(t.app)
    const response = await change(cookie, {
      currentPassword: "not the password",
      newPassword: "a new long password",
    })
    expect([response.statusCode, response.json().error]).toEqual([400, "wrong_password"])
    expect(
      (await t.app.inject({ url: "/api/admin/session", headers: { cookie } })).statusCode,
    ).toBe(200)
  })

  it("refuses a new password under 12 characters", async () => {
    const cookie = await signIn(t.app)
    expect(
      (await change(cookie, { currentPassword: ADMIN_PASSWORD, newPassword: "short-11chr" }))
        .statusCode,
    ).toBe(400)
  })

  it("changes the password, signs out every other session and renews this one", async () => {
    const other = await signIn(t.app)
    const cookie = await signIn(t.app)
    const response = await change(cookie, {
      currentPassword: ADMIN_PASSWORD,
      newPassword: "a new long password",
    })
    expect(response.statusCode).toBe(200)
    expect(response.json().expiresAt).toBeGreaterThan(Date.now())
    const renewed = `admin_session=${response.cookies.find((c) => c.name === "admin_session")!.value}`
    expect(
      (await t.app.inject({ url: "/api/admin/session", headers: { cookie: other } })).statusCode,
    ).toBe(401)
    expect(
      (await t.app.inject({ url: "/api/admin/session", headers: { cookie: renewed } })).statusCode,
    ).toBe(200)
    expect((await login(ADMIN_PASSWORD)).statusCode).toBe(401)
    expect((await login("a new long password")).statusCode).toBe(200)
  })
})
