// Threats: learning who is subscribed from the newsletter's answer; mail-bombing an address
// through the sign-up form; newsletter tokens readable from a copy of the store. See
// docs/SECURITY.md.
import { createHash } from "node:crypto"
import { buildApp } from "../app"
import { openDatabase } from "../store/database"
import { migrateTo } from "../store/migrations"
import { doubleOptInApp } from "../test/double-opt-in-app"
import { mailText, startSmtp } from "../test/smtp"
import {
  describeEachStore,
  freshStoreLocation,
  signIn,
  type TestApp,
  testApp,
  testConfig,
} from "../test/stores"
import { waitFor } from "../test/wait-for"

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex")
const DAY = 24 * 3_600_000

describeEachStore("security: newsletter", (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  let t: TestApp
  let plain: TestApp
  // Real time (the outbox's retries wait on it), moved ahead where the daily limit is tested.
  let offset = 0
  beforeAll(async () => {
    ;({ smtp, t } = await doubleOptInApp(kind, () => offset))
    plain = await testApp(kind)
  })
  afterAll(async () => {
    await t.close()
    await plain.close()
    await smtp.close()
  })

  const subscribe = (app: TestApp, email: string) =>
    app.app.inject({ method: "POST", url: "/api/newsletter", payload: { email, language: "fr" } })
  // Confirmation mails leave through the outbox, after the answer: wait until it has nothing left to send.
  const settled = async () => {
    await waitFor(
      async () => (await t.store.outbox.countByStatus()).pending === 0,
      5000,
      "the outbox to send",
    )
    return smtp.received
  }
  const tokenIn = (raw: string) => /confirm\?token=([A-Za-z0-9_-]+)/.exec(mailText(raw))![1]

  it("answers a new, a pending and a confirmed address alike: same status, same body", async () => {
    const fresh = await subscribe(t, "new@example.com")
    const pending = await subscribe(t, "new@example.com")
    await t.app.inject({
      method: "POST",
      url: "/api/newsletter/confirm",
      payload: { token: tokenIn((await settled()).at(-1)!) },
    })
    const confirmed = await subscribe(t, "new@example.com")
    expect([fresh, pending, confirmed].map((r) => [r.statusCode, r.body])).toEqual(
      Array(3).fill([202, fresh.body]),
    )
    // Without a mail server, subscriptions count at once; the answer is one too.
    const answers = [
      await subscribe(plain, "x@example.com"),
      await subscribe(plain, "x@example.com"),
    ]
    expect(answers.map((r) => [r.statusCode, r.body])).toEqual(
      Array(2).fill([202, answers[0].body]),
    )
  })

  it("mails one address at most once a day, even when asked 20 times at once", async () => {
    const before = smtp.received.length
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => subscribe(t, "victim@example.com")),
    )
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(202))
    expect((await settled()).length - before).toBe(1)
    offset += DAY - 60_000
    await subscribe(t, "victim@example.com")
    expect((await settled()).length - before).toBe(1)
    offset += 60_000
    await subscribe(t, "victim@example.com")
    expect((await settled()).length - before).toBe(2)
  })

  it("stores link tokens only as hashes, and the hashed token still opens its link", async () => {
    await subscribe(t, "hashed@example.com")
    const token = tokenIn((await settled()).at(-1)!)
    const row = await rowsOf(t, "hashed@example.com")
    expect(row).not.toContain(token)
    expect(row).toContain(sha256(token))
    const unsubscribe = await t.app.inject({
      method: "POST",
      url: "/api/newsletter/unsubscribe",
      payload: { token },
    })
    expect(unsubscribe.statusCode).toBe(200)
  })

  it("keeps the unsubscribe links of mailing-list exports working, with their tokens stored hashed", async () => {
    await subscribe(plain, "listed@example.com")
    const cookie = await signIn(plain.app)
    const csv = (
      await plain.app.inject({ url: "/api/admin/subscribers/export.csv", headers: { cookie } })
    ).body
    const token = /listed@example\.com,.*token=([A-Za-z0-9_-]+)/.exec(csv)![1]
    expect(await rowsOf(plain, "listed@example.com")).not.toContain(token)
    // A second export mints other links; the first still works.
    await plain.app.inject({ url: "/api/admin/subscribers/export.csv", headers: { cookie } })
    expect(
      (
        await plain.app.inject({
          method: "POST",
          url: "/api/newsletter/unsubscribe",
          payload: { token },
        })
      ).statusCode,
    ).toBe(200)
  })
})

describeEachStore(
  "security: migration 0004 hashes the newsletter tokens already stored",
  (kind) => {
    it("and a link mailed before it still unsubscribes", async () => {
      const location = await freshStoreLocation(kind)
      const { db } = openDatabase({ databaseUrl: location.databaseUrl, dataDir: location.dataDir })
      await migrateTo(db, "0003_newsletter_confirmation")
      const old = "an-old-clear-token-from-a-2025-mail"
      await (db as any)
        .insertInto("subscribers")
        .values({
          id: "s1",
          email: "old@example.com",
          language: "de",
          token: old,
          created_at: Date.now(),
          confirmed_at: Date.now(),
        })
        .execute()
      await db.destroy()

      const { app, store } = await buildApp(testConfig(location), { logger: false })
      try {
        expect(
          JSON.stringify(await store.subscribers.list(undefined, { offset: 0, limit: 10 })),
        ).not.toContain(old)
        const opened = await app.inject({ url: `/api/newsletter/unsubscribe?token=${old}` })
        expect(opened.headers.location).toBe(`/de/newsletter/unsubscribed?token=${old}`)
        expect(
          (
            await app.inject({
              method: "POST",
              url: "/api/newsletter/unsubscribe",
              payload: { token: old },
            })
          ).statusCode,
        ).toBe(200)
        expect(await store.subscribers.count()).toBe(0)
      } finally {
        await app.close()
        await location.drop()
      }
    })
  },
)

/** Every stored column of the subscriber and of its extra tokens, as text. */
async function rowsOf(t: TestApp, email: string): Promise<string> {
  const { db } = openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir })
  try {
    const subscriber = await db
      .selectFrom("subscribers")
      .selectAll()
      .where("email", "=", email)
      .execute()
    const tokens = await db
      .selectFrom("subscriber_tokens")
      .selectAll()
      .where("subscriber_id", "in", subscriber.map((s) => s.id).concat("-"))
      .execute()
    return JSON.stringify([subscriber, tokens])
  } finally {
    await db.destroy()
  }
}
