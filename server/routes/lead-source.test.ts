import { describeEachStore, signIn, type TestApp, testApp } from "../test/stores"

const valid = {
  name: "Camille Martin",
  Email: "camille@example.fr",
  Message: "Bonjour, une démo ?",
  ElapsedMs: 9000,
}
const DAY = 86_400_000

describeEachStore("lead source", (kind) => {
  let t: TestApp
  let cookie: string
  let clock = Date.parse("2026-06-30T12:00:00Z")
  beforeAll(async () => {
    t = await testApp(kind, {}, { now: () => clock })
    cookie = await signIn(t.app)
  })
  afterAll(() => t.close())

  const send = (payload: object) =>
    t.app.inject({ method: "POST", url: "/SendMessage", payload: { ...valid, ...payload } })
  const get = (url: string) => t.app.inject({ url, headers: { cookie } })

  it("stores the landing page, the referrer host and the utm_* values, and the admin shows them", async () => {
    const source = {
      Landing: "/produit/click%26win",
      Referrer: "www.linkedin.com",
      UtmSource: " newsletter ",
      UtmMedium: "email",
      UtmCampaign: "Printemps 2026 – Lyon",
      UtmTerm: "enquête+nps",
      UtmContent: "bouton_haut",
    }
    const response = await send(source)
    expect(response.statusCode).toBe(201)
    const message = (await get(`/api/admin/messages/${response.json().id}`)).json()
    expect(message.source).toEqual({
      landingPage: "/produit/click%26win",
      referrer: "www.linkedin.com",
      utmSource: "newsletter",
      utmMedium: "email",
      utmCampaign: "Printemps 2026 – Lyon",
      utmTerm: "enquête+nps",
      utmContent: "bouton_haut",
    })
    const csv = (await get("/api/admin/messages/export.csv")).rawPayload
      .subarray(3)
      .toString("utf8")
      .split("\r\n")
    const header = csv[0].split(",")
    const row = csv.find((line) => line.startsWith(response.json().id))!.split(",")
    // The lead source comes before the kind and the rate card version.
    expect(row.slice(-9, -2)).toEqual([
      "/produit/click%26win",
      "www.linkedin.com",
      "newsletter",
      "email",
      "Printemps 2026 – Lyon",
      "enquête+nps",
      "bouton_haut",
    ])
    expect(header.slice(-9, -2)).toEqual([
      "landingPage",
      "referrer",
      "utmSource",
      "utmMedium",
      "utmCampaign",
      "utmTerm",
      "utmContent",
    ])
  })

  it("strips a bidirectional override from a source field, as from every text (docs/SECURITY.md)", async () => {
    const { id } = (await send({ UtmCampaign: "spring\u202eevil" })).json()
    expect((await get(`/api/admin/messages/${id}`)).json().source.utmCampaign).toBe("springevil")
  })

  it("leaves every source field null when the form sends none", async () => {
    const { id } = (await send({})).json()
    expect((await get(`/api/admin/messages/${id}`)).json().source).toEqual({
      landingPage: null,
      referrer: null,
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
      utmTerm: null,
      utmContent: null,
    })
  })

  it.each([
    ["Landing", "contact"],
    ["Landing", "/contact?x=<script>"],
    ["Landing", `/${"a".repeat(300)}`],
    ["Referrer", "https://www.google.com/search?q=x"],
    ["Referrer", "Google.COM"],
    ["Referrer", "evil.example/path"],
    ["UtmSource", "<script>alert(1)</script>"],
    ["UtmSource", "a".repeat(101)],
    ["UtmCampaign", "spring\u0000"],
    ["UtmTerm", "line\nbreak"],
    ["UtmMedium", 5],
    ["UtmContent", ""],
  ])("refuses %s = %j with 400 and stores nothing", async (field, value) => {
    const before = (await t.store.messages.list({}, { offset: 0, limit: 1 })).total
    const response = await send({ [field]: value })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ error: "invalid_body" })
    expect((await t.store.messages.list({}, { offset: 0, limit: 1 })).total).toBe(before)
  })

  // The contact route removes bidirectional controls before validation (strip-bidi.ts), source fields included.
  it("stores a utm value without the bidirectional override it came with", async () => {
    const response = await send({ UtmCampaign: "spring\u202eevil" })
    expect(response.statusCode).toBe(201)
    expect((await get(`/api/admin/messages/${response.json().id}`)).json().source.utmCampaign).toBe(
      "springevil",
    )
  })

  it("counts non-spam messages per source and per campaign over 7, 30 and 90 days", async () => {
    const fresh = await testApp(kind, {}, { now: () => clock })
    const owner = await signIn(fresh.app)
    const at = async (daysAgo: number, payload: object) => {
      clock = Date.parse("2026-06-30T12:00:00Z") - daysAgo * DAY
      expect(
        (
          await fresh.app.inject({
            method: "POST",
            url: "/SendMessage",
            payload: { ...valid, ...payload },
          })
        ).statusCode,
      ).toBe(201)
    }
    await at(1, { UtmSource: "newsletter", UtmCampaign: "spring" })
    await at(2, { UtmSource: "newsletter", UtmCampaign: "spring" })
    await at(3, { Referrer: "www.google.com" })
    await at(3, { UtmSource: "newsletter", UtmCampaign: "spring", ElapsedMs: 100 }) // spam: not counted
    await at(10, { UtmSource: "linkedin", UtmCampaign: "autumn", Referrer: "www.linkedin.com" })
    await at(40, {})
    await at(95, { UtmSource: "newsletter" })
    clock = Date.parse("2026-06-30T12:00:00Z")
    const counts = async (days: number) =>
      (
        await fresh.app.inject({
          url: `/api/admin/sources?days=${days}`,
          headers: { cookie: owner },
        })
      ).json()
    expect(await counts(7)).toEqual({
      days: 7,
      total: 3,
      bySource: [
        { name: "newsletter", count: 2 },
        { name: "www.google.com", count: 1 },
      ],
      byCampaign: [
        { name: "spring", count: 2 },
        { name: null, count: 1 },
      ],
      otherSources: 0,
      otherCampaigns: 0,
    })
    const month = await counts(30)
    expect(month.total).toBe(4)
    expect(month.bySource).toContainEqual({ name: "linkedin", count: 1 })
    const quarter = await counts(90)
    expect(quarter.total).toBe(5)
    expect(quarter.bySource).toContainEqual({ name: null, count: 1 })
    for (const bad of ["", "?days=14", "?days=7&x=1"]) {
      expect(
        (await fresh.app.inject({ url: `/api/admin/sources${bad}`, headers: { cookie: owner } }))
          .statusCode,
      ).toBe(400)
    }
    expect((await fresh.app.inject({ url: "/api/admin/sources?days=7" })).statusCode).toBe(401)
    await fresh.close()
  })
})
