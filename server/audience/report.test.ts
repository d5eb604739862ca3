import { DAY_MS } from "../store/audience/days"
import { NO_SOURCE } from "../store/messages"
import { describeEachStore, signIn, type TestApp, testApp, withRaw } from "../test/stores"
import { BROWSER_USER_AGENT } from "../test/user-agents"
import { vitalBucket } from "./aggregate"
import { rollUpAudience } from "./rollup"

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"

describe("vitalBucket", () => {
  it("rounds up to two significant figures, so that every web.dev threshold rates the same", () => {
    expect([0, 0.0341, 0.1, 0.1001, 199.2, 200, 2500, 2501, 3999].map(vitalBucket)).toEqual([
      0, 0.035, 0.1, 0.11, 200, 200, 2500, 2600, 4000,
    ])
  })
})

describeEachStore("the Audience view", (kind) => {
  let t: TestApp
  let cookie: string
  let clock = Date.parse("2026-03-10T10:00:00Z")
  const day = "2026-03-10"
  beforeAll(async () => {
    t = await testApp(kind, {}, { now: () => clock })
    cookie = await signIn(t.app)
  })
  afterAll(() => t.close())

  const send = (address: string, userAgent: string, events: object[]) =>
    t.app.inject({
      method: "POST",
      url: "/api/event",
      payload: { events },
      headers: { "user-agent": userAgent },
      remoteAddress: address,
    })
  const get = (url: string) => t.app.inject({ method: "GET", url, headers: { cookie } })
  const page = (path: string, language = "fr") => ({ path, language })

  it(
    "counts visits, views, sources, the funnel tied to " +
      "the inbox's leads and the vitals' 75th percentile",
    async () => {
      // A from the newsletter's spring campaign: home, contact, a message; B from another site; C in English.
      await send("203.0.113.1", BROWSER_USER_AGENT, [
        {
          kind: "view",
          ...page("/"),
          width: "mobile",
          utmSource: "newsletter",
          utmMedium: "email",
          utmCampaign: "spring",
        },
      ])
      await send("203.0.113.1", BROWSER_USER_AGENT, [
        { kind: "engagement", ...page("/"), visibleMs: 3000 },
        { kind: "view", ...page("/contact"), width: "mobile" },
        { kind: "vital", ...page("/"), name: "LCP", value: 2100 },
        { kind: "vital", ...page("/"), name: "CLS", value: 0.02 },
      ])
      await send("203.0.113.1", BROWSER_USER_AGENT, [
        { kind: "conversion", ...page("/contact"), name: "contact_sent" },
      ])
      await send("203.0.113.2", FIREFOX, [
        { kind: "view", ...page("/blog"), width: "desktop", referrer: "news.example.org" },
      ])
      await send("203.0.113.2", FIREFOX, [
        { kind: "engagement", ...page("/blog"), visibleMs: 5000 },
        { kind: "vital", ...page("/blog"), name: "LCP", value: 4100 },
      ])
      await send("203.0.113.3", BROWSER_USER_AGENT, [
        { kind: "view", ...page("/en", "en"), width: "tablet" },
      ])
      await t.store.messages.create({
        name: "A",
        email: "a@example.com",
        company: null,
        phone: null,
        message: "Hello",
        language: "fr",
        page: "/contact",
        spamReason: null,
        source: { ...NO_SOURCE, utmSource: "newsletter", utmCampaign: "spring" },
      })
      await t.store.audience.drained()

      const live = await get("/api/admin/audience?days=7&language=fr")
      expect(live.statusCode).toBe(200)
      const report = live.json()
      expect(report).toMatchObject({
        from: "2026-03-04",
        to: day,
        language: "fr",
        totals: { visitors: 2, views: 3, viewsPerVisit: 1.5, avgVisibleMs: 4000 },
        entries: [
          { path: "/", visitors: 1 },
          { path: "/blog", visitors: 1 },
        ],
        referrers: [{ host: "news.example.org", visitors: 1 }],
        campaigns: [{ source: "newsletter", medium: "email", campaign: "spring", visitors: 1 }],
        conversions: [{ name: "contact_sent", visits: 1, events: 1 }],
      })
      expect(report.days.at(-1)).toEqual({ date: day, visitors: 2, views: 3 })
      expect(report.days).toHaveLength(7)
      expect(report.devices).toEqual(
        expect.arrayContaining([
          { width: "mobile", visitors: 1 },
          { width: "desktop", visitors: 1 },
        ]),
      )
      expect(report.funnel).toEqual(
        expect.arrayContaining([
          {
            source: "newsletter",
            campaign: "spring",
            landing: 1,
            contact: 1,
            sent: 1,
            confirmed: 0,
            booked: 0,
            estimateViewed: 0,
            quoteRequested: 0,
            rate: 1,
            leads: 1,
          },
          {
            source: "news.example.org",
            campaign: "",
            landing: 1,
            contact: 0,
            sent: 0,
            confirmed: 0,
            booked: 0,
            estimateViewed: 0,
            quoteRequested: 0,
            rate: 0,
            leads: 0,
          },
        ]),
      )
      expect(report.vitals).toEqual(
        expect.arrayContaining([
          {
            path: "/",
            name: "LCP",
            p75: 2100,
            rating: "good",
            samples: 1,
            good: 1,
            needsImprovement: 0,
            poor: 0,
          },
          {
            path: "/blog",
            name: "LCP",
            p75: 4100,
            rating: "poor",
            samples: 1,
            good: 0,
            needsImprovement: 0,
            poor: 1,
          },
        ]),
      )
      const all = (await get("/api/admin/audience?days=7")).json()
      expect(all.totals).toMatchObject({ visitors: 3, views: 4 })

      // The next day, housekeeping rolls the day up: the same figures, then without the raw events.
      clock += DAY_MS
      cookie = await signIn(t.app)
      expect(await rollUpAudience(t.store)).toBe(1)
      const range = `/api/admin/audience?from=${day}&to=${day}&language=fr`
      const rolled = (await get(range)).json()
      expect(rolled).toEqual({ ...report, from: day, days: [report.days.at(-1)] })
      clock += 30 * DAY_MS
      cookie = await signIn(t.app)
      expect((await t.store.audience.purge(30, 25)).events).toBe(10)
      expect(await t.store.audience.size()).toBe(0)
      expect((await get(range)).json()).toEqual(rolled)

      const csv = await get(
        `/api/admin/audience/export.csv?from=${day}&to=${day}&language=fr&table=funnel`,
      )
      expect(csv.headers["content-disposition"]).toBe(
        `attachment; filename="audience-funnel-${day}-${day}.csv"`,
      )
      expect(csv.body.split("\r\n").slice(0, 2)).toEqual([
        "\uFEFFsource,campaign,landing,contact_page,message_sent,newsletter_confirmed,meeting_booked,estimate_viewed,quote_requested,conversion_rate,inbox_leads",
        "newsletter,spring,1,1,1,0,0,0,0,1,1",
      ])

      clock += 25 * 31 * DAY_MS
      expect((await t.store.audience.purge(30, 25)).rollups).toBeGreaterThan(0)
      expect(
        await withRaw(t.config, (db) => db.selectFrom("audience_daily").selectAll().execute()),
      ).toEqual([])
    },
  )

  it(
    "counts the meeting booked, estimate viewed and quote requested steps per source and " +
      "campaign, live and rolled up",
    async () => {
      cookie = await signIn(t.app)
      const ads = { utmSource: "ads", utmCampaign: "q2" }
      const conversion = (path: string, name: string) => ({
        kind: "conversion",
        ...page(path, "en"),
        name,
      })
      // D from the ads' q2 campaign books a meeting; E and F from LinkedIn see an estimate
      // (E twice: one visit), F then requests a quote; G from the same campaign as D only lands.
      await send("198.51.100.4", BROWSER_USER_AGENT, [
        { kind: "view", ...page("/en/booking", "en"), width: "desktop", ...ads },
        conversion("/en/booking", "meeting_booked"),
      ])
      for (const [address, names] of [
        ["198.51.100.5", ["estimate_viewed", "estimate_viewed"]],
        ["198.51.100.6", ["estimate_viewed", "quote_requested"]],
      ] as const)
        await send(address, FIREFOX, [
          {
            kind: "view",
            ...page("/en/estimate", "en"),
            width: "mobile",
            referrer: "linkedin.com",
          },
          ...names.map((name) => conversion("/en/estimate", name)),
        ])
      await send("198.51.100.7", FIREFOX, [
        { kind: "view", ...page("/en", "en"), width: "tablet", ...ads },
      ])
      await t.store.audience.drained()

      const steps = (report: { funnel: Record<string, unknown>[] }) =>
        report.funnel.map(
          ({ source, campaign, landing, booked, estimateViewed, quoteRequested }) => ({
            source,
            campaign,
            landing,
            booked,
            estimateViewed,
            quoteRequested,
          }),
        )
      const expected = [
        {
          source: "ads",
          campaign: "q2",
          landing: 2,
          booked: 1,
          estimateViewed: 0,
          quoteRequested: 0,
        },
        {
          source: "linkedin.com",
          campaign: "",
          landing: 2,
          booked: 0,
          estimateViewed: 2,
          quoteRequested: 1,
        },
      ]
      const live = (await get("/api/admin/audience?days=7&language=en")).json()
      expect(steps(live)).toEqual(expected)
      expect(live.conversions).toEqual(
        expect.arrayContaining([
          { name: "meeting_booked", visits: 1, events: 1 },
          { name: "estimate_viewed", visits: 2, events: 3 },
          { name: "quote_requested", visits: 1, events: 1 },
        ]),
      )
      const today = live.to

      clock += DAY_MS
      cookie = await signIn(t.app)
      expect(await rollUpAudience(t.store)).toBe(1)
      const range = `from=${today}&to=${today}&language=en`
      expect(steps((await get(`/api/admin/audience?${range}`)).json())).toEqual(expected)
      const csv = await get(`/api/admin/audience/export.csv?${range}&table=funnel`)
      expect(csv.body.split("\r\n").slice(1, 3)).toEqual([
        "ads,q2,2,0,0,0,1,0,0,0,0",
        "linkedin.com,,2,0,0,0,0,2,1,0,0",
      ])
    },
  )

  it("refuses a range that is not one, and answers only a signed-in team member", async () => {
    cookie = await signIn(t.app)
    for (const query of [
      "from=2026-03-10",
      "days=7&from=2026-03-01&to=2026-03-02",
      "from=2026-03-10&to=2026-03-01",
      "from=2020-01-01&to=2026-01-01",
      "days=14",
      "from=2026-02-30&to=2026-02-31",
    ]) {
      const response = await get(`/api/admin/audience?${query}`)
      expect([query, response.statusCode]).toEqual([query, 400])
    }
    expect(
      (await t.app.inject({ method: "GET", url: "/api/admin/audience?days=7" })).statusCode,
    ).toBe(401)
  })
})
