import { buildApp } from "../app"
import { ConfigError, loadConfig } from "../config"
import { describeEachStore, freshStoreLocation, type TestApp, testApp, testConfig } from "../test/stores"
import { type NewMessage, NO_SOURCE } from "./messages"
import { emailHash, monthsBefore, normalizeEmail } from "./privacy"

const DAY = 86_400_000
const message = (email: string, spam = false): NewMessage => ({
  name: "Léa Martin",
  email,
  company: null,
  phone: null,
  message: "Bonjour, un devis s'il vous plaît.",
  language: "fr",
  page: "/contact",
  spamReason: spam ? "honeypot" : null,
  source: NO_SOURCE,
})

describe("retention helpers", () => {
  it("counts calendar months back, in UTC", () => {
    expect(new Date(monthsBefore(Date.parse("2026-11-22T10:00:00Z"), 24)).toISOString()).toBe("2024-11-22T10:00:00.000Z")
    expect(new Date(monthsBefore(Date.parse("2026-03-01T00:00:00Z"), 1)).toISOString()).toBe("2026-02-01T00:00:00.000Z")
  })

  it("hashes the normalized address", () => {
    expect(normalizeEmail("  Lea@Example.FR ")).toBe("lea@example.fr")
    expect(emailHash("Lea@Example.FR")).toBe(emailHash("lea@example.fr"))
    expect(emailHash("lea@example.fr")).toMatch(/^[0-9a-f]{64}$/)
  })

  it("reads RETENTION_MONTHS: 24 by default, a whole number from 1 to 120", () => {
    expect(loadConfig({}).retentionMonths).toBe(24)
    expect(loadConfig({ RETENTION_MONTHS: "12" }).retentionMonths).toBe(12)
    for (const bad of ["0", "121", "1.5", "two", "-3"]) {
      expect(() => loadConfig({ RETENTION_MONTHS: bad })).toThrow(ConfigError)
    }
  })
})

describeEachStore("retention purge", (kind) => {
  let t: TestApp
  let clock = Date.parse("2024-01-10T12:00:00Z")
  beforeAll(async () => {
    t = await testApp(kind, {}, { now: () => clock })
  })
  afterAll(() => t.close())

  it("deletes messages and subscribers older than the retention period, and spam after 30 days", async () => {
    const start = clock
    await t.store.messages.create(message("old@example.com"))
    await t.store.subscribers.subscribe("old@example.com", "fr", "v1")
    clock = start + 200 * DAY
    await t.store.messages.create(message("recent@example.com"))
    await t.store.subscribers.subscribe("recent@example.com", "en", "v1")
    const now = monthsBefore(start, -24) + 1 // 24 months after the first rows, and a millisecond
    clock = now - 31 * DAY
    await t.store.messages.create(message("spam-old@example.com", true))
    clock = now - 29 * DAY
    await t.store.messages.create(message("spam-new@example.com", true))
    clock = now

    expect(await t.store.privacy.purge(24)).toEqual({ messages: 1, spam: 1, subscribers: 1, unconfirmed: 0, erasures: 0, audit: 0 })
    const messages = (await t.store.messages.list({}, { offset: 0, limit: 100 })).items.map((m) => m.email).sort()
    expect(messages).toEqual(["recent@example.com", "spam-new@example.com"])
    const subscribers = (await t.store.subscribers.list(undefined, { offset: 0, limit: 100 })).items.map((s) => s.email)
    expect(subscribers).toEqual(["recent@example.com"])

    // A second run finds nothing more; a shorter period takes the rest.
    expect(await t.store.privacy.purge(24)).toEqual({ messages: 0, spam: 0, subscribers: 0, unconfirmed: 0, erasures: 0, audit: 0 })
    expect(await t.store.privacy.purge(1)).toEqual({ messages: 1, spam: 0, subscribers: 1, unconfirmed: 0, erasures: 0, audit: 0 })
  })
})

describeEachStore("purge of unconfirmed subscriptions", (kind) => {
  let t: TestApp
  let clock = Date.parse("2026-11-01T12:00:00Z")
  beforeAll(async () => {
    t = await testApp(kind, {}, { now: () => clock })
  })
  afterAll(() => t.close())

  it("drops a subscription not confirmed within 7 days of its last request, and keeps confirmed ones", async () => {
    const start = clock
    await t.store.subscribers.subscribe("never@example.com", "fr", "v1", false)
    await t.store.subscribers.subscribe("renewed@example.com", "fr", "v1", false)
    const confirmed = await t.store.subscribers.subscribe("confirmed@example.com", "de", "v1", false)
    await t.store.subscribers.confirm(confirmed.mailToken!)
    clock = start + 5 * DAY
    await t.store.subscribers.subscribe("renewed@example.com", "en", "v1", false)
    clock = start + 8 * DAY

    expect(await t.store.privacy.purge(24)).toEqual({ messages: 0, spam: 0, subscribers: 0, unconfirmed: 1, erasures: 0, audit: 0 })
    const left = (await t.store.subscribers.list(undefined, { offset: 0, limit: 100 })).items.map((s) => [s.email, s.language, s.confirmedAt !== null])
    expect(left.sort()).toEqual([
      ["confirmed@example.com", "de", true],
      ["renewed@example.com", "en", false],
    ])
  })
})

describeEachStore("retention purge at server start", (kind) => {
  it("runs before the server answers, with RETENTION_MONTHS", async () => {
    const location = await freshStoreLocation(kind)
    let clock = Date.parse("2025-01-01T00:00:00Z")
    const first = await buildApp(testConfig(location), { logger: false, now: () => clock })
    await first.app.ready()
    await first.store.messages.create(message("a@example.com"))
    await first.store.subscribers.subscribe("a@example.com", "fr", "v1")
    await first.app.close()

    clock = Date.parse("2025-07-01T00:00:01Z")
    const second = await buildApp(testConfig(location, { RETENTION_MONTHS: "6" }), { logger: false, now: () => clock })
    try {
      await second.app.ready()
      expect(await second.store.subscribers.count()).toBe(0)
      expect((await second.store.messages.list({}, { offset: 0, limit: 10 })).total).toBe(0)
    } finally {
      await second.app.close()
      await location.drop()
    }
  })
})
