import { buildApp } from "../app"
import { ConfigError, loadConfig } from "../config"
import { refuseOutboxDeletes } from "../test/refuse-outbox"
import {
  describeEachStore,
  freshStoreLocation,
  type TestApp,
  testApp,
  testConfig,
} from "../test/stores"
import { openDatabase } from "./database"
import { type NewMessage, NO_SOURCE } from "./messages"
import { insertDeliveries, outboxRow } from "./outbox"
import { emailHash, monthsBefore, normalizeEmail } from "./privacy"
import { DELETE_BATCH } from "./query-helpers"

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
    expect(new Date(monthsBefore(Date.parse("2026-11-22T10:00:00Z"), 24)).toISOString()).toBe(
      "2024-11-22T10:00:00.000Z",
    )
    expect(new Date(monthsBefore(Date.parse("2026-03-01T00:00:00Z"), 1)).toISOString()).toBe(
      "2026-02-01T00:00:00.000Z",
    )
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

    expect(await t.store.privacy.purge(24)).toEqual({
      messages: 1,
      spam: 1,
      subscribers: 1,
      unconfirmed: 0,
      erasures: 0,
      audit: 0,
    })
    const messages = (await t.store.messages.list({}, { offset: 0, limit: 100 })).items
      .map((m) => m.email)
      .sort()
    expect(messages).toEqual(["recent@example.com", "spam-new@example.com"])
    const subscribers = (
      await t.store.subscribers.list(undefined, { offset: 0, limit: 100 })
    ).items.map((s) => s.email)
    expect(subscribers).toEqual(["recent@example.com"])

    // A second run finds nothing more; a shorter period takes the rest.
    expect(await t.store.privacy.purge(24)).toEqual({
      messages: 0,
      spam: 0,
      subscribers: 0,
      unconfirmed: 0,
      erasures: 0,
      audit: 0,
    })
    expect(await t.store.privacy.purge(1)).toEqual({
      messages: 1,
      spam: 0,
      subscribers: 1,
      unconfirmed: 0,
      erasures: 0,
      audit: 0,
    })
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
    await t.store.subscribers.subscribe("confirmed@example.com", "de", "v1", false)
    await t.store.subscribers.confirm(
      (await t.store.subscribers.mintMailToken("confirmed@example.com"))!.token,
    )
    clock = start + 5 * DAY
    await t.store.subscribers.subscribe("renewed@example.com", "en", "v1", false)
    clock = start + 8 * DAY

    expect(await t.store.privacy.purge(24)).toEqual({
      messages: 0,
      spam: 0,
      subscribers: 0,
      unconfirmed: 1,
      erasures: 0,
      audit: 0,
    })
    const left = (await t.store.subscribers.list(undefined, { offset: 0, limit: 100 })).items.map(
      (s) => [s.email, s.language, s.confirmedAt !== null],
    )
    expect(left.sort()).toEqual([
      ["confirmed@example.com", "de", true],
      ["renewed@example.com", "en", false],
    ])
  })
})

describeEachStore("purge of subscriptions and their confirmation mails", (kind) => {
  let t: TestApp
  let clock = Date.parse("2026-11-01T12:00:00Z")
  beforeAll(async () => {
    t = await testApp(kind, {}, { now: () => clock })
  })
  afterAll(() => t.close())

  const deliveries = async () =>
    (await t.store.outbox.list({}, 10_000))
      .map((d) => [d.kind, d.target, d.status])
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))
  /** Claims every due confirmation mail as a worker would, and ends each as `outcomes` says; the others wait again. */
  const settle = async (outcomes: Record<string, "sent" | "failed">) => {
    for (const row of await t.store.outbox.claim(["newsletter_confirm"], 100, "worker", 60_000)) {
      const outcome = outcomes[row.target!]
      if (outcome === "sent") await t.store.outbox.markSent(row.id, "worker")
      else if (outcome === "failed")
        await t.store.outbox.markFailed(row.id, "worker", "550 mailbox unavailable")
      else await t.store.outbox.reschedule(row.id, "worker", clock + 60_000, "421 try again later")
    }
  }

  it("deletes the confirmation mails not yet sent of the subscriptions it drops, and no other delivery", async () => {
    const start = clock
    // No mail server here: each subscription's confirmation mail is queued and waits.
    for (const email of [
      "waiting@example.com",
      "failed@example.com",
      "sent@example.com",
      "renewed@example.com",
    ]) {
      await t.store.subscribers.subscribe(email, "fr", "v1", false)
    }
    await settle({ "failed@example.com": "failed", "sent@example.com": "sent" })
    // Another kind of delivery to one of the addresses is not the subscription's.
    await t.store.outbox.enqueue([{ kind: "ack", target: "waiting@example.com" }])
    clock = start + 5 * DAY
    await t.store.subscribers.subscribe("renewed@example.com", "en", "v1", false)
    clock = start + 8 * DAY

    expect(await t.store.privacy.purge(24)).toMatchObject({ unconfirmed: 3 })
    expect(await deliveries()).toEqual([
      ["ack", "waiting@example.com", "pending"],
      // Sent: it stays with the other finished deliveries until their purge, and holds no token.
      ["newsletter_confirm", "renewed@example.com", "pending"],
      ["newsletter_confirm", "renewed@example.com", "pending"],
      ["newsletter_confirm", "sent@example.com", "sent"],
    ])
  })

  it("does the same for subscriptions past the retention period", async () => {
    const start = clock
    await t.store.subscribers.subscribe("long-ago@example.com", "de", "v1", false)
    await settle({ "long-ago@example.com": "sent" })
    // Two years on, the address asks again: a new mail is queued, and the retention purge takes it.
    clock = monthsBefore(start, -24) + DAY
    await t.store.subscribers.subscribe("long-ago@example.com", "de", "v2", false)
    await t.store.privacy.purge(24)
    expect(
      (await t.store.subscribers.list("long-ago@example.com", { offset: 0, limit: 1 })).total,
    ).toBe(0)
    expect((await deliveries()).filter(([, target]) => target === "long-ago@example.com")).toEqual([
      ["newsletter_confirm", "long-ago@example.com", "sent"],
    ])
  })

  it("deletes a subscription and its mails together, or neither", async () => {
    const start = clock
    await t.store.subscribers.subscribe("together@example.com", "fr", "v1", false)
    clock = start + 8 * DAY
    const allow = await refuseOutboxDeletes(kind, t.config)
    try {
      await expect(t.store.privacy.purge(24)).rejects.toMatchObject({
        message: expect.stringContaining("outbox refused by the test"),
      })
    } finally {
      await allow()
    }
    expect(
      (await t.store.subscribers.list("together@example.com", { offset: 0, limit: 1 })).total,
    ).toBe(1)
    expect(await t.store.outbox.list({ target: "together@example.com" }, 10)).toHaveLength(1)
    expect(await t.store.privacy.purge(24)).toMatchObject({ unconfirmed: 1 })
    expect(await t.store.outbox.list({ target: "together@example.com" }, 10)).toHaveLength(0)
  })

  it("goes in batches, past one batch's worth of subscriptions", async () => {
    const start = clock
    const count = DELETE_BATCH + 300
    const { db } = openDatabase(t.config)
    try {
      const emails = Array.from({ length: count }, (_, i) => `bulk-${i}@example.com`)
      const subscribers = emails.map((email, i) => ({
        id: `bulk-${i}`,
        email,
        language: "fr" as const,
        token: `hash-${i}`,
        created_at: start,
        consent_at: start,
        consent_version: "v1",
        confirmed_at: null,
        confirmation_sent_at: start,
      }))
      for (let i = 0; i < count; i += 200)
        await db
          .insertInto("subscribers")
          .values(subscribers.slice(i, i + 200))
          .execute()
      await insertDeliveries(
        db,
        emails.map((email) => outboxRow({ kind: "newsletter_confirm", target: email }, start)),
      )
    } finally {
      await db.destroy()
    }
    clock = start + 8 * DAY
    expect(await t.store.privacy.purge(24)).toMatchObject({ unconfirmed: count })
    expect((await deliveries()).filter(([, target]) => String(target).startsWith("bulk-"))).toEqual(
      [],
    )
  }, 30_000)
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
    const second = await buildApp(testConfig(location, { RETENTION_MONTHS: "6" }), {
      logger: false,
      now: () => clock,
    })
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
