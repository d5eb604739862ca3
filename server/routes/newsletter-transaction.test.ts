import { openDatabase } from "../store/database"
import { doubleOptInApp } from "../test/double-opt-in-app"
import { refuseOutboxInserts } from "../test/refuse-outbox"
import { startSmtp } from "../test/smtp"
import { describeEachStore, type TestApp } from "../test/stores"
import { waitFor } from "../test/wait-for"

const DAY = 86_400_000

// A subscription and the outbox row of its confirmation mail are one transaction, as a contact
// message and its deliveries are: a failure between them leaves neither (docs/LEADS.md).
describeEachStore(
  "newsletter: a subscription and its confirmation mail are stored together",
  (kind) => {
    let smtp: Awaited<ReturnType<typeof startSmtp>>
    let t: TestApp
    // Real time (the outbox waits on it), moved a day ahead where a new mail falls due.
    let offset = 0
    beforeAll(async () => {
      ;({ smtp, t } = await doubleOptInApp(kind, () => offset))
    })
    afterAll(async () => {
      await t.close()
      await smtp.close()
    })

    const subscribe = (email: string, language: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/newsletter",
        payload: { email, language, consentVersion: "2026-11-22" },
      })
    const contact = () =>
      t.app.inject({
        method: "POST",
        url: "/SendMessage",
        payload: { name: "Camille Martin", Email: "camille@example.fr", Message: "Bonjour" },
      })
    const mailsReceived = (count: number) =>
      waitFor(() => smtp.received.length >= count, 5000, `${count} mails`)

    /**
     * What the store holds about `email`: its subscriber row, how many extra link tokens, how many
     * confirmation deliveries.
     */
    const stored = async (email: string) => {
      const { db } = openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir })
      try {
        const subscriber = await db
          .selectFrom("subscribers")
          .selectAll()
          .where("email", "=", email)
          .executeTakeFirst()
        const tokens = subscriber
          ? await db
              .selectFrom("subscriber_tokens")
              .select("token_hash")
              .where("subscriber_id", "=", subscriber.id)
              .execute()
          : []
        const mails = await db
          .selectFrom("outbox")
          .select("id")
          .where("kind", "=", "newsletter_confirm")
          .where("target", "=", email)
          .execute()
        return { subscriber: subscriber ?? null, tokens: tokens.length, mails: mails.length }
      } finally {
        await db.destroy()
      }
    }

    /** Runs `requests` while every insert into the outbox fails. */
    async function whileOutboxRefuses<T>(requests: () => Promise<T>): Promise<T> {
      const allow = await refuseOutboxInserts(kind, t.config)
      try {
        return await requests()
      } finally {
        await allow()
      }
    }

    it(
      "stores no subscriber whose confirmation mail cannot be queued, " +
        "and answers as the contact form does to the same failure",
      async () => {
        const [contactAnswer, answer] = await whileOutboxRefuses(async () => [
          await contact(),
          await subscribe("new@example.com", "fr"),
        ])
        // A genuine store failure: the contact form's answer, a clean error in the API's shape.
        expect(contactAnswer.json()).toEqual({
          error: "internal_error",
          message: expect.any(String),
        })
        expect([answer.statusCode, answer.json()]).toEqual([
          contactAnswer.statusCode,
          contactAnswer.json(),
        ])
        expect(answer.statusCode).toBe(500)
        expect((await t.store.messages.list({}, { offset: 0, limit: 1 })).total).toBe(0)
        expect(await stored("new@example.com")).toEqual({ subscriber: null, tokens: 0, mails: 0 })

        // Once the store takes deliveries again, the same request subscribes and mails.
        const before = smtp.received.length
        const again = await subscribe("new@example.com", "fr")
        expect([again.statusCode, again.json()]).toEqual([202, { status: "confirmation_sent" }])
        await mailsReceived(before + 1)
        expect(await stored("new@example.com")).toMatchObject({
          subscriber: { confirmed_at: null, language: "fr" },
          mails: 1,
        })
      },
    )

    it(
      "leaves a waiting address as it was when its next confirmation " +
        "mail cannot be queued, so that asking again mails it",
      async () => {
        const before = smtp.received.length
        expect((await subscribe("waiting@example.com", "fr")).statusCode).toBe(202)
        await mailsReceived(before + 1)
        const first = await stored("waiting@example.com")
        // The mail's link token was minted when it was sent (the outbox row holds none).
        expect(first).toMatchObject({ tokens: 1, mails: 1 })

        // A day later a new mail is due; queueing it fails: no new time, token, language or consent.
        offset += DAY + 60_000
        const failed = await whileOutboxRefuses(() => subscribe("waiting@example.com", "de"))
        expect([failed.statusCode, failed.json()]).toEqual([
          500,
          { error: "internal_error", message: expect.any(String) },
        ])
        expect(await stored("waiting@example.com")).toEqual(first)

        // The address is still due, so the next request queues the mail that was missed.
        const again = await subscribe("waiting@example.com", "de")
        expect([again.statusCode, again.json()]).toEqual([202, { status: "confirmation_sent" }])
        await mailsReceived(before + 2)
        expect(await stored("waiting@example.com")).toMatchObject({
          subscriber: { language: "de", confirmed_at: null },
          tokens: 2,
          mails: 2,
        })
      },
    )
  },
)
