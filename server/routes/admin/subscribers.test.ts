import { describeEachStore, signIn, type TestApp, testApp } from "../../test/stores"

describeEachStore("admin subscribers API", (kind) => {
  let t: TestApp
  let cookie: string
  beforeAll(async () => {
    t = await testApp(kind)
    cookie = await signIn(t.app)
    for (const [email, language] of [
      ["anna@example.de", "de"],
      ["bob@example.com", "en"],
      ["chloe@exemple.fr", "fr"],
    ]) {
      await t.app.inject({ method: "POST", url: "/api/newsletter", payload: { email, language } })
    }
  })
  afterAll(() => t.close())

  const get = (url: string) => t.app.inject({ url, headers: { cookie } })

  it("lists and searches without exposing unsubscribe tokens", async () => {
    const all = (await get("/api/admin/subscribers")).json()
    expect(all.total).toBe(3)
    expect(Object.keys(all.items[0]).sort()).toEqual([
      "confirmedAt",
      "createdAt",
      "email",
      "id",
      "language",
    ])
    const found = (await get("/api/admin/subscribers?q=EXAMPLE.DE")).json()
    expect(found.items.map((s: { email: string }) => s.email)).toEqual(["anna@example.de"])
    expect((await get("/api/admin/subscribers?pageSize=0")).statusCode).toBe(400)
  })

  it("exports CSV with a BOM and each unsubscribe link, confirmed addresses only", async () => {
    await t.store.subscribers.subscribe("pending@example.com", "fr", null, false)
    const response = await get("/api/admin/subscribers/export.csv")
    expect(response.rawPayload.subarray(0, 3).toString("hex")).toBe("efbbbf")
    const lines = response.rawPayload.subarray(3).toString("utf8").trim().split("\r\n")
    expect(lines[0]).toBe("email,language,subscribedAt,confirmedAt,unsubscribeUrl")
    expect(lines).toHaveLength(4)
    expect(lines.join("\n")).not.toContain("pending@example.com")
    expect(lines[1]).toMatch(
      /,\d{4}-\d\d-\d\dT[\d:.]+Z,http:\/\/localhost:8000\/api\/newsletter\/unsubscribe\?token=[A-Za-z0-9_-]{32}$/,
    )
    const listed = (await get("/api/admin/subscribers?q=pending")).json().items
    expect(
      listed.map((s: { email: string; confirmedAt: string | null }) => [s.email, s.confirmedAt]),
    ).toEqual([["pending@example.com", null]])
  })

  it("removes a subscriber", async () => {
    const { items } = (await get("/api/admin/subscribers?q=bob")).json()
    const del = () =>
      t.app.inject({
        method: "DELETE",
        url: `/api/admin/subscribers/${items[0].id}`,
        headers: { cookie },
      })
    expect((await del()).statusCode).toBe(204)
    expect((await del()).statusCode).toBe(404)
    expect((await get("/api/admin/subscribers")).json().total).toBe(3)
  })

  it(
    "takes the confirmation mail not sent yet with the " +
      "subscription, on removal and on unsubscribe, and no one else's",
    async () => {
      const unsent = async (email: string) =>
        (await t.store.outbox.list({ kind: "newsletter_confirm", target: email }, 10)).filter(
          (delivery) => delivery.status !== "sent",
        ).length
      const emails = ["dora@example.com", "emil@example.com", "fay@example.com"]
      for (const email of emails)
        expect(await t.store.subscribers.subscribe(email, "de", "v1", false)).toMatchObject({
          mailQueued: true,
        })
      expect(await Promise.all(emails.map(unsent))).toEqual([1, 1, 1])

      const [dora] = (await get("/api/admin/subscribers?q=dora")).json().items
      expect(
        (
          await t.app.inject({
            method: "DELETE",
            url: `/api/admin/subscribers/${dora.id}`,
            headers: { cookie },
          })
        ).statusCode,
      ).toBe(204)
      let token = ""
      for await (const subscriber of t.store.subscribers.eachWithUnsubscribeToken(
        "emil@example.com",
      ))
        token = subscriber.unsubscribeToken
      expect(await t.store.subscribers.unsubscribe(token)).toEqual({ language: "de" })
      expect(await t.store.subscribers.unsubscribe(token)).toBeNull()

      expect(await Promise.all(emails.map(unsent))).toEqual([0, 0, 1])
    },
  )
})
