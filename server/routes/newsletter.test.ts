import { describeEachStore, type TestApp, testApp } from "../test/stores"

describeEachStore("newsletter", (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await testApp(kind)
  })
  afterAll(() => t.close())

  const subscribe = (payload: unknown) => t.app.inject({ method: "POST", url: "/api/newsletter", payload: payload as object })
  const tokenOf = async (email: string) => {
    for await (const s of t.store.subscribers.each(email)) return s.unsubscribeToken
    throw new Error(`${email} is not subscribed`)
  }

  it("answers 201 for a new address and 200 for a known one, whatever its case", async () => {
    expect((await subscribe({ email: "Lea@Example.fr", language: "fr" })).statusCode).toBe(201)
    const again = await subscribe({ email: " lea@example.FR ", language: "en" })
    expect([again.statusCode, again.json()]).toEqual([200, { status: "already_subscribed" }])
    expect(await t.store.subscribers.count()).toBe(1)
  })

  it.each([
    ["no email", { language: "fr" }],
    ["a bad email", { email: "lea", language: "fr" }],
    ["no language", { email: "a@example.com" }],
    ["an unknown language", { email: "a@example.com", language: "it" }],
    ["an extra field", { email: "a@example.com", language: "fr", name: "x" }],
    ["a number", { email: 5, language: "fr" }],
  ])("refuses %s with 400", async (_, payload) => {
    const before = await t.store.subscribers.count()
    expect((await subscribe(payload)).statusCode).toBe(400)
    expect(await t.store.subscribers.count()).toBe(before)
  })

  it("unsubscribes by link: a browser is sent to the page in the subscriber's language", async () => {
    await subscribe({ email: "max@example.de", language: "de" })
    const token = await tokenOf("max@example.de")
    const response = await t.app.inject({ url: `/api/newsletter/unsubscribe?token=${token}` })
    expect([response.statusCode, response.headers.location]).toEqual([303, "/de/newsletter/unsubscribed"])
    const reused = await t.app.inject({ url: `/api/newsletter/unsubscribe?token=${token}` })
    expect(reused.headers.location).toBe("/newsletter/unsubscribed?status=unknown")
  })

  it("unsubscribes in JSON, and by one-click POST", async () => {
    await subscribe({ email: "json@example.com", language: "en" })
    const token = await tokenOf("json@example.com")
    const json = await t.app.inject({ url: `/api/newsletter/unsubscribe?token=${token}`, headers: { accept: "application/json" } })
    expect([json.statusCode, json.json()]).toEqual([200, { status: "unsubscribed" }])
    const unknown = await t.app.inject({ url: `/api/newsletter/unsubscribe?token=${token}`, headers: { accept: "application/json" } })
    expect([unknown.statusCode, unknown.json().error]).toEqual([404, "unknown_token"])

    await subscribe({ email: "post@example.com", language: "fr" })
    const post = await t.app.inject({ method: "POST", url: "/api/newsletter/unsubscribe", payload: { token: await tokenOf("post@example.com") } })
    expect(post.statusCode).toBe(200)
    expect((await t.app.inject({ url: "/api/newsletter/unsubscribe" })).statusCode).toBe(400)
  })
})
