import { recordDelivery } from "../metrics/registry"
import { contactMessage } from "../test/server-process"
import { describeEachStore, type TestApp, testApp } from "../test/stores"

const TOKEN = "metrics-token-for-tests-0123"

/** The value of one sample line of the Prometheus text, 0 when absent. */
const sample = (text: string, line: string) =>
  Number(
    text
      .split("\n")
      .find((l) => l.startsWith(`${line} `))
      ?.split(" ")[1] ?? 0,
  )

describeEachStore("GET /metrics", (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await testApp(kind, { METRICS_TOKEN: TOKEN })
  })
  afterAll(() => t.close())

  const scrape = (authorization?: string) =>
    t.app.inject({ url: "/metrics", headers: authorization ? { authorization } : {} })

  it("is a 404 like any unknown path without the right bearer token", async () => {
    const unknown = await t.app.inject({ url: "/no-such-api" })
    for (const authorization of [
      undefined,
      TOKEN,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(1)}`,
      `Basic ${TOKEN}`,
    ]) {
      const response = await scrape(authorization)
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ ...unknown.json(), message: "No route for GET /metrics" })
    }
  })

  it("counts requests by route and status, stored messages, store queries and deliveries", async () => {
    const before = (await scrape(`Bearer ${TOKEN}`)).body
    const created =
      'http_request_duration_seconds_count{method="POST",route="/SendMessage",status="201"}'
    for (let i = 0; i < 3; i++)
      expect(
        (
          await t.app.inject({
            method: "POST",
            url: "/SendMessage",
            payload: contactMessage(`Metrics ${i}`),
          })
        ).statusCode,
      ).toBe(201)
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: "/SendMessage",
          payload: { ...contactMessage("Bot"), ElapsedMs: 10 },
        })
      ).statusCode,
    ).toBe(201)
    expect(
      (await t.app.inject({ method: "POST", url: "/SendMessage", payload: {} })).statusCode,
    ).toBe(400)
    recordDelivery("notification", "retry")
    const event = await t.app.inject({
      method: "POST",
      url: "/api/event",
      headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0" },
      payload: { events: [{ kind: "view", path: "/blog", language: "fr", width: "desktop" }] },
    })
    expect(event.statusCode).toBe(202)
    await t.store.audience.drained()

    const response = await scrape(`Bearer ${TOKEN}`)
    expect(response.statusCode).toBe(200)
    expect(response.headers["content-type"]).toMatch(/^text\/plain; version=0.0.4/)
    const after = response.body
    const delta = (line: string) => sample(after, line) - sample(before, line)
    expect(delta(created)).toBe(4)
    expect(
      delta('http_request_duration_seconds_count{method="POST",route="/SendMessage",status="400"}'),
    ).toBe(1)
    expect(delta('messages_stored_total{kind="message"}')).toBe(3)
    expect(delta('messages_stored_total{kind="spam"}')).toBe(1)
    expect(delta('store_query_duration_seconds_count{result="ok"}')).toBeGreaterThanOrEqual(4)
    expect(delta('mail_deliveries_total{kind="notification",result="retry"}')).toBe(1)
    expect(delta('audience_events_total{outcome="stored"}')).toBe(1)
    expect(sample(after, 'audience_events_total{outcome="dropped"}')).toBe(0)
    expect(after).toContain('audience_events_total{outcome="failed"} 0')
    for (const name of [
      "process_cpu_seconds_total",
      "process_resident_memory_bytes",
      "nodejs_eventloop_lag_p99_seconds",
      "http_request_duration_seconds_bucket",
    ])
      expect(after).toContain(name)
  })
})

describe("GET /metrics without METRICS_TOKEN [sqlite]", () => {
  it("is a 404 whatever the request carries", async () => {
    const t = await testApp("sqlite")
    try {
      expect(
        (await t.app.inject({ url: "/metrics", headers: { authorization: "Bearer " } })).statusCode,
      ).toBe(404)
      expect(
        (await t.app.inject({ url: "/metrics", headers: { authorization: "Bearer null" } }))
          .statusCode,
      ).toBe(404)
    } finally {
      await t.close()
    }
  })
})
