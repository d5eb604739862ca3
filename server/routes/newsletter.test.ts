import { describeEachStore, type TestApp, testApp } from "../test/stores"

describeEachStore("newsletter", (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await testApp(kind)
  })
  afterAll(() => t.close())

  const subscribe = (payload: unknown) =>
    t.app.inject({ method: "POST", url: "/api/newsletter", payload: payload as object })
  const tokenOf = async (email: string) => {
    for await (const s of t.store.subscribers.eachWithUnsubscribeToken(email))
      return s.unsubscribeToken
    throw new Error(`${email} is not subscribed`)
  }

  it("answers 202 alike for a new address and a known one, whatever its case, and stores it once", async () => {
    const first = await subscribe({ email: "Lea@Example.fr", language: "fr" })
    expect([first.statusCode, first.json()]).toEqual([202, { status: "subscribed" }])
    const again = await subscribe({ email: " lea@example.FR ", language: "en" })
    expect([again.statusCode, again.body]).toEqual([202, first.body])
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

  it(
    "sends the unsubscribe link to the site's page in the subscriber's " +
      "language, changing nothing; the page's POST unsubscribes",
    async () => {
      await subscribe({ email: "max@example.de", language: "de" })
      const token = await tokenOf("max@example.de")
      const before = await t.store.subscribers.count()
      const opened = await t.app.inject({ url: `/api/newsletter/unsubscribe?token=${token}` })
      expect([opened.statusCode, opened.headers.location]).toEqual([
        303,
        `/de/newsletter/unsubscribed?token=${token}`,
      ])
      expect(await t.store.subscribers.count()).toBe(before)

      const post = () =>
        t.app.inject({ method: "POST", url: "/api/newsletter/unsubscribe", payload: { token } })
      expect([(await post()).statusCode, (await post()).json().error]).toEqual([
        200,
        "unknown_token",
      ])
      expect(await t.store.subscribers.count()).toBe(before - 1)
      const reused = await t.app.inject({ url: `/api/newsletter/unsubscribe?token=${token}` })
      expect(reused.headers.location).toBe("/newsletter/unsubscribed?status=unknown")
    },
  )

  it("unsubscribes in one click (RFC 8058): the mail client posts the form to the link", async () => {
    await subscribe({ email: "oneclick@example.com", language: "en" })
    const token = await tokenOf("oneclick@example.com")
    const form = (url: string, payload: string) =>
      t.app.inject({
        method: "POST",
        url,
        payload,
        headers: { "content-type": "application/x-www-form-urlencoded" },
      })
    expect(
      (await form("/api/newsletter/unsubscribe", "List-Unsubscribe=One-Click")).statusCode,
    ).toBe(400)
    expect(
      (await form(`/api/newsletter/unsubscribe?token=${token}`, "List-Unsubscribe=Later"))
        .statusCode,
    ).toBe(400)
    expect(
      (
        await form(`/api/newsletter/unsubscribe?token=${token}`, "List-Unsubscribe=One-Click")
      ).json(),
    ).toEqual({ status: "unsubscribed" })
    expect(
      (await form(`/api/newsletter/unsubscribe?token=${token}`, "List-Unsubscribe=One-Click"))
        .statusCode,
    ).toBe(404)
    expect((await t.app.inject({ url: "/api/newsletter/unsubscribe" })).statusCode).toBe(400)
    // Subscribing takes the form encoding too, as the footer's form posted without JavaScript (form-posts.test.ts).
    expect((await form("/api/newsletter", "email=a%40example.com&language=fr")).statusCode).toBe(
      303,
    )
  })
})
