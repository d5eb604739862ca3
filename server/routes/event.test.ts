import { buildApp } from "../app"
import { DAY_MS } from "../store/audience/days"
import {
  describeEachStore,
  freshStoreLocation,
  signIn,
  type TestApp,
  testApp,
  testConfig,
  withRaw,
} from "../test/stores"
import { BROWSER_USER_AGENT } from "../test/user-agents"

const view = (path = "/", extra: Record<string, unknown> = {}) => ({
  kind: "view",
  path,
  language: "fr",
  width: "desktop",
  ...extra,
})

const post = (
  t: Pick<TestApp, "app">,
  payload: unknown,
  headers: Record<string, string> = {},
  remoteAddress = "203.0.113.7",
) =>
  t.app.inject({
    method: "POST",
    url: "/api/event",
    payload: payload as object,
    headers: { "user-agent": BROWSER_USER_AGENT, ...headers },
    remoteAddress,
  })

const rows = (t: TestApp) =>
  withRaw(t.config, (db) => db.selectFrom("audience_events").selectAll().orderBy("at").execute())

describeEachStore("POST /api/event", (kind) => {
  let t: TestApp
  let clock = Date.parse("2026-03-10T10:00:00Z")
  beforeAll(async () => {
    t = await testApp(kind, {}, { now: () => clock })
  })
  afterAll(() => t.close())
  beforeEach(async () => {
    await t.store.audience.drained()
    await withRaw(t.config, (db) => db.deleteFrom("audience_events").execute())
  })

  it("answers 202 and stores each event with the day's visitor key, no address or user agent", async () => {
    const response = await post(t, {
      events: [
        view("/about", {
          referrer: "news.example.org",
          utmSource: "newsletter",
          utmCampaign: "spring",
        }),
        { kind: "engagement", path: "/about", language: "fr", visibleMs: 4200 },
      ],
    })
    expect(response.statusCode).toBe(202)
    await t.store.audience.drained()
    const stored = await rows(t)
    expect(stored).toHaveLength(2)
    expect(stored[0]).toMatchObject({
      kind: "view",
      path: "/about",
      referrer: "news.example.org",
      utm_source: "newsletter",
      utm_campaign: "spring",
      width: "desktop",
    })
    expect(stored[1]).toMatchObject({ kind: "engagement", value: 4200 })
    expect(stored[0].visitor).toBe(stored[1].visitor)
    expect(JSON.stringify(stored)).not.toMatch(/203\.0\.113|Chrome/)
  })

  it("stores every field of every kind of event as sent, in one statement per chunk", async () => {
    const response = await post(t, {
      events: [
        view("/en/contact", {
          language: "en",
          width: "mobile",
          referrer: "www.linkedin.com",
          utmSource: "ads",
          utmMedium: "cpc",
          utmCampaign: "q2",
          utmTerm: "survey tool",
          utmContent: "banner",
        }),
        { kind: "engagement", path: "/en/contact", language: "en", visibleMs: 31_500 },
        { kind: "vital", path: "/en/contact", language: "en", name: "CLS", value: 0.125 },
        { kind: "conversion", path: "/en/contact", language: "en", name: "contact_sent" },
      ],
    })
    expect(response.statusCode).toBe(202)
    await t.store.audience.drained()
    const order = ["view", "engagement", "vital", "conversion"]
    const inOrder = (await rows(t)).sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind))
    const stored = inOrder.map(({ visitor, at, day, ...row }) => {
      expect([visitor.length, at, day]).toEqual([22, clock, Math.floor(clock / DAY_MS)])
      return row
    })
    const none = { width: null, referrer: null, name: null, value: null }
    const noCampaign = {
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
      utm_term: null,
      utm_content: null,
    }
    const page = { path: "/en/contact", language: "en" }
    expect(stored).toEqual([
      {
        ...page,
        kind: "view",
        width: "mobile",
        referrer: "www.linkedin.com",
        utm_source: "ads",
        utm_medium: "cpc",
        utm_campaign: "q2",
        utm_term: "survey tool",
        utm_content: "banner",
        name: null,
        value: null,
      },
      { ...page, ...none, ...noCampaign, kind: "engagement", value: 31_500 },
      { ...page, ...none, ...noCampaign, kind: "vital", name: "CLS", value: 0.125 },
      { ...page, ...none, ...noCampaign, kind: "conversion", name: "contact_sent" },
    ])
  })

  it(
    "gives yesterday's visitor another key than today's, " +
      "and deletes a salt 48 hours after its day began",
    async () => {
      await post(t, { events: [view()] })
      await t.store.audience.drained()
      clock += DAY_MS
      await post(t, { events: [view()] })
      await post(t, { events: [view("/blog")] })
      await t.store.audience.drained()
      const [yesterday, today, again] = await rows(t)
      expect(today.visitor).not.toBe(yesterday.visitor)
      expect(again.visitor).toBe(today.visitor)

      const salts = () =>
        withRaw(t.config, (db) =>
          db.selectFrom("audience_salts").select("day").orderBy("day").execute(),
        )
      const days = (await salts()).map((s) => s.day)
      expect(days.slice(-2)).toEqual([yesterday.day, today.day])
      expect(await t.store.audience.purge(30, 25)).toMatchObject({ salts: 0 })
      clock += DAY_MS
      expect((await t.store.audience.purge(30, 25)).salts).toBe(days.length - 1)
      expect((await salts()).map((s) => s.day)).toEqual([today.day])
    },
  )

  it("stores 500 parallel posts, in fewer commits than events", async () => {
    const before = t.store.audience.counts()
    const answers = await Promise.all(
      Array.from({ length: 500 }, (_, i) =>
        post(t, { events: [view(`/page-${i}`)] }, {}, `198.51.100.${i % 250}`),
      ),
    )
    expect(answers.every((a) => a.statusCode === 202)).toBe(true)
    await t.store.audience.drained()
    const after = t.store.audience.counts()
    expect((await rows(t)).length).toBe(500)
    expect(after.stored - before.stored).toBe(500)
    expect(after.batches - before.batches).toBeLessThan(100)
  })

  it.each([
    ["an unknown kind", { events: [{ kind: "click", path: "/", language: "fr" }] }],
    ["a path with a query", { events: [view("/?email=someone@example.com")] }],
    ["a referrer with a path", { events: [view("/", { referrer: "example.org/page" })] }],
    ["an unknown field", { events: [view("/", { ip: "1.2.3.4" })] }],
    ["an unknown language", { events: [view("/", { language: "es" })] }],
    [
      "a negative visible time",
      { events: [{ kind: "engagement", path: "/", language: "fr", visibleMs: -1 }] },
    ],
    [
      "an unknown vital",
      { events: [{ kind: "vital", path: "/", language: "fr", name: "FID", value: 3 }] },
    ],
    [
      "an unknown conversion",
      { events: [{ kind: "conversion", path: "/", language: "fr", name: "estimate_seen" }] },
    ],
    ["no event", { events: [] }],
    ["too many events", { events: Array.from({ length: 9 }, () => view()) }],
  ])("refuses %s with 400 and stores nothing", async (_name, payload) => {
    const response = await post(t, payload)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ error: "invalid_body" })
    await t.store.audience.drained()
    expect(await rows(t)).toEqual([])
  })

  it("refuses a body over 2 KB with 413, and a form body with 415", async () => {
    const big = await post(t, { events: [view(`/${"a".repeat(2100)}`)] })
    expect(big.statusCode).toBe(413)
    const form = await t.app.inject({
      method: "POST",
      url: "/api/event",
      payload: "kind=view",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "user-agent": BROWSER_USER_AGENT,
      },
    })
    expect(form.statusCode).toBe(415)
    await t.store.audience.drained()
    expect(await rows(t)).toEqual([])
  })

  it("does not count bots, Global Privacy Control, a missing user agent or the team's browsers", async () => {
    const cookie = await signIn(t.app)
    const login = await t.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { username: "admin", password: "correct horse battery staple" },
    })
    const marker = login.cookies.find((c) => c.name === "audience_team")!
    expect(marker).toMatchObject({ path: "/api/event", httpOnly: true, sameSite: "Strict" })
    const refused = [
      await post(
        t,
        { events: [view()] },
        {
          "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        },
      ),
      await post(t, { events: [view()] }, { "user-agent": "HeadlessChrome/131.0.0.0" }),
      await post(t, { events: [view()] }, { "sec-gpc": "1" }),
      await post(t, { events: [view()] }, { "user-agent": "" }),
      await post(t, { events: [view()] }, { cookie }),
      await post(t, { events: [view()] }, { cookie: `audience_team=${marker.value}` }),
    ]
    expect(refused.map((r) => r.statusCode)).toEqual([202, 202, 202, 202, 202, 202])
    await post(t, { events: [view("/counted")] })
    await t.store.audience.drained()
    expect((await rows(t)).map((r) => r.path)).toEqual(["/counted"])
  })

  it("keeps each user agent's bot verdict: the second post of a crawler is refused too, a browser's counted", async () => {
    const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
    for (const path of ["/bot-1", "/browser-1", "/bot-2", "/browser-2"]) {
      const userAgent = path.startsWith("/bot") ? googlebot : BROWSER_USER_AGENT
      expect(
        (await post(t, { events: [view(path)] }, { "user-agent": userAgent })).statusCode,
      ).toBe(202)
    }
    await t.store.audience.drained()
    expect((await rows(t)).map((r) => r.path).sort()).toEqual(["/browser-1", "/browser-2"])
  })
})

describeEachStore("two instances on one store", (kind) => {
  it("share the day's salt and store each event once", async () => {
    const location = await freshStoreLocation(kind)
    const apps = [
      await buildApp(testConfig(location), { logger: false }),
      await buildApp(testConfig(location), { logger: false }),
    ]
    try {
      await Promise.all(apps.map((built) => built.app.ready()))
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => post(apps[i % 2], { events: [view(`/p${i}`)] })),
      )
      expect(answers.every((a) => a.statusCode === 202)).toBe(true)
      await Promise.all(apps.map((built) => built.store.audience.drained()))
      const stored = await withRaw(location, (db) =>
        db.selectFrom("audience_events").select(["visitor", "path"]).execute(),
      )
      expect(stored).toHaveLength(40)
      expect(new Set(stored.map((r) => r.path)).size).toBe(40)
      expect(new Set(stored.map((r) => r.visitor)).size).toBe(1)
      expect(
        await withRaw(location, (db) => db.selectFrom("audience_salts").selectAll().execute()),
      ).toHaveLength(1)
    } finally {
      for (const built of apps) await built.app.close()
      await location.drop()
    }
  })
})

describe("ANALYTICS=off", () => {
  it("has no POST /api/event and sets no team marker", async () => {
    const t = await testApp("sqlite", { ANALYTICS: "off" })
    try {
      expect((await post(t, { events: [view()] })).statusCode).toBe(404)
      const login = await t.app.inject({
        method: "POST",
        url: "/api/admin/login",
        payload: { username: "admin", password: "correct horse battery staple" },
      })
      expect(login.cookies.map((c) => c.name)).toEqual(["admin_session"])
    } finally {
      await t.close()
    }
  })
})
