// Threat: newsletter link tokens readable from a copy of the store through the outbox, where
// the confirmation mail that carries one waits, fails, or stays 30 days once sent. The token
// of a confirmation mail is minted when the mail is sent and no outbox row holds it, in any
// state. See docs/SECURITY.md.
import { createHash } from "node:crypto"
import { Migrator } from "kysely"
import { buildApp } from "../app"
import { openDatabase } from "../store/database"
import { migrations } from "../store/migrations"
import { outboxRow } from "../store/outbox"
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
import { fastOutbox, waitFor } from "../test/wait-for"

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex")
const tokenIn = (raw: string) => /confirm\?token=([A-Za-z0-9_-]+)/.exec(mailText(raw))![1]

type Location = { dataDir: string; databaseUrl: string | null }

/**
 * The outbox as a copy of the store holds it: every row and column as text, and the strings
 * in it that would open a subscriber's link (their hash is a stored link token).
 */
async function outboxCopy(location: Location): Promise<{
  text: string
  workingTokens: string[]
  rows: { kind: string; status: string; payload: string | null }[]
}> {
  const { db } = openDatabase(location)
  try {
    const rows = await db.selectFrom("outbox").selectAll().execute()
    const text = JSON.stringify(rows)
    const hashes = new Set([
      ...(await db.selectFrom("subscribers").select("token").execute()).map((row) => row.token),
      ...(await db.selectFrom("subscriber_tokens").select("token_hash").execute()).map(
        (row) => row.token_hash,
      ),
    ])
    const candidates = new Set(text.match(/[A-Za-z0-9_-]{16,}/g) ?? [])
    return {
      text,
      workingTokens: [...candidates].filter((candidate) => hashes.has(sha256(candidate))),
      rows,
    }
  } finally {
    await db.destroy()
  }
}

describeEachStore("security: no newsletter link token in the outbox", (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  let t: TestApp
  let plain: TestApp
  let cookie: string
  beforeAll(async () => {
    // The first mail is refused for good (SMTP 550), for the first test below.
    ;({ smtp, t } = await doubleOptInApp(kind, () => 0, 1, 550))
    plain = await testApp(kind)
    cookie = await signIn(t.app)
  })
  afterAll(async () => {
    await t.close()
    await plain.close()
    await smtp.close()
  })

  const subscribe = (email: string, language = "fr") =>
    t.app.inject({
      method: "POST",
      url: "/api/newsletter",
      payload: { email, language, consentVersion: "2026-11-22" },
    })
  const statusOf = async (email: string) =>
    (await t.store.outbox.list({ kind: "newsletter_confirm", target: email }, 1))[0]?.status
  const confirmedAt = async (email: string) => {
    for await (const s of t.store.subscribers.each(email)) return s.confirmedAt
    return undefined
  }
  const confirm = (token: string) =>
    t.app.inject({ method: "POST", url: "/api/newsletter/confirm", payload: { token } })

  it(
    "keeps no token in a confirmation refused for good, " +
      "and the admin's retry still mails a working link",
    async () => {
      expect((await subscribe("refused@example.com")).statusCode).toBe(202)
      const outbox = async () =>
        (await t.app.inject({ url: "/api/admin/outbox", headers: { cookie } })).json()
      await waitFor(async () => (await outbox()).failed.length === 1, 5000, "the refused mail")
      // What the Deliveries view needs is there: recipient, kind, attempts, error, dates.
      const [failed] = (await outbox()).failed
      expect(failed).toMatchObject({
        kind: "newsletter_confirm",
        target: "refused@example.com",
        status: "failed",
        attempts: 1,
        lastError: expect.stringContaining("550"),
      })
      expect((await outboxCopy(t.config)).workingTokens).toEqual([])

      const retried = await t.app.inject({
        method: "POST",
        url: `/api/admin/outbox/${failed.id}/retry`,
        headers: { cookie },
      })
      expect([retried.statusCode, retried.json()]).toEqual([200, { status: "pending" }])
      await waitFor(() => smtp.received.length === 1, 5000, "the retried mail")
      await waitFor(
        async () => (await statusOf("refused@example.com")) === "sent",
        5000,
        "the send to be recorded",
      )
      const token = tokenIn(smtp.received[0])
      const copy = await outboxCopy(t.config)
      expect(copy.text).not.toContain(token)
      expect(copy.workingTokens).toEqual([])
      expect((await confirm(token)).statusCode).toBe(200)
      expect(await confirmedAt("refused@example.com")).not.toBeNull()
    },
  )

  it(
    "keeps no token once the mail is sent, and its link " +
      "works; the contact form's mails keep no payload either",
    async () => {
      const before = smtp.received.length
      expect((await subscribe("sent@example.com", "de")).statusCode).toBe(202)
      const contact = await t.app.inject({
        method: "POST",
        url: "/SendMessage",
        payload: {
          name: "Ana Lopez",
          Email: "ana@example.com",
          Message: "Hola",
          ElapsedMs: 20_000,
        },
      })
      expect(contact.statusCode).toBe(201)
      // The confirmation, the team's notification and the acknowledgement.
      await waitFor(() => smtp.received.length === before + 3, 5000, "three mails")
      await waitFor(
        async () => (await t.store.outbox.countByStatus()).pending === 0,
        5000,
        "the sends to be recorded",
      )
      const mail = smtp.received
        .slice(before)
        .find((raw) => /^To: sent@example\.com\r$/m.test(raw))!
      const token = tokenIn(mail)
      const copy = await outboxCopy(t.config)
      expect(copy.text).not.toContain(token)
      expect(copy.workingTokens).toEqual([])
      expect(copy.rows.filter((row) => row.payload !== null)).toEqual([])

      const opened = await t.app.inject({ url: `/api/newsletter/confirm?token=${token}` })
      expect([opened.statusCode, opened.headers.location]).toEqual([
        303,
        `/de/newsletter/confirmed?token=${token}`,
      ])
      expect((await confirm(token)).statusCode).toBe(200)
      expect(await confirmedAt("sent@example.com")).not.toBeNull()
    },
  )

  it("queues a confirmation mail without its token, so a waiting or stuck mail exposes none", async () => {
    // No mail server: the mail stays queued.
    expect(
      await plain.store.subscribers.subscribe("waiting@example.com", "fr", "v1", false),
    ).toMatchObject({ confirmed: false, mailQueued: true })
    const copy = await outboxCopy(plain.config)
    expect(copy.rows.map((row) => [row.kind, row.status])).toEqual([
      ["newsletter_confirm", "pending"],
    ])
    expect(copy.workingTokens).toEqual([])
  })
})

describeEachStore(
  "security: migration 0010 takes the tokens out of the outbox rows queued before it",
  (kind) => {
    it(
      "and a mail still waiting then goes out with a working link, as do " +
        "rows an instance of the previous release queues during the upgrade",
      async () => {
        const location = await freshStoreLocation(kind)
        const old = {
          sent: "a-token-mailed-before-the-upgrade-0",
          waiting: "a-token-queued-before-the-upgrade-1",
          duringUpgrade: "a-token-queued-by-an-older-instance-2",
        }
        const at = Date.now()
        const { db } = openDatabase(location)
        try {
          const before = Object.fromEntries(
            Object.entries(migrations).filter(([name]) => name < "0010"),
          )
          await new Migrator({
            db,
            provider: { getMigrations: async () => before },
          }).migrateToLatest()
          await db
            .insertInto("subscribers")
            .values({
              id: "s1",
              email: "legacy@example.com",
              language: "en",
              token: sha256(old.sent),
              created_at: at,
              consent_at: at,
              consent_version: "v1",
              confirmed_at: null,
              confirmation_sent_at: at,
            })
            .execute()
          await db
            .insertInto("subscriber_tokens")
            .values(
              [old.waiting, old.duringUpgrade].map((token) => ({
                token_hash: sha256(token),
                subscriber_id: "s1",
                created_at: at,
              })),
            )
            .execute()
          // As the previous release queued them: the token in the payload.
          const row = (id: string, status: "sent" | "pending", token: string) => ({
            ...outboxRow(
              {
                kind: "newsletter_confirm",
                target: "legacy@example.com",
                payload: { email: "legacy@example.com", language: "en", token },
              },
              at,
            ),
            id,
            status,
            attempts: status === "sent" ? 1 : 0,
          })
          await db
            .insertInto("outbox")
            .values([
              row("legacy-sent", "sent", old.sent),
              row("legacy-waiting", "pending", old.waiting),
            ])
            .execute()
        } finally {
          await db.destroy()
        }

        const smtp = await startSmtp()
        const env = {
          SMTP_URL: smtp.url,
          CONTACT_NOTIFY_TO: "team@example.com",
          MAIL_FROM: "site@example.com",
          SITE_URL: "https://www.example.com",
        }
        const built = await buildApp(testConfig(location, env), {
          logger: false,
          outbox: fastOutbox(),
        }).catch(async (error) => {
          await smtp.close()
          await location.drop()
          throw error
        })
        const { app, store } = built
        try {
          await app.ready()
          expect((await outboxCopy(location)).workingTokens).toEqual([])
          await waitFor(
            () => smtp.received.length === 1,
            5000,
            "the mail queued before the upgrade",
          )
          const fresh = tokenIn(smtp.received[0])
          expect(Object.values(old)).not.toContain(fresh)

          // An instance still on the previous release queues a mail with its token in the payload.
          await store.outbox.enqueue([
            {
              kind: "newsletter_confirm",
              target: "legacy@example.com",
              payload: { email: "legacy@example.com", language: "en", token: old.duringUpgrade },
            },
          ])
          await waitFor(
            () => smtp.received.length === 2,
            5000,
            "the mail queued during the upgrade",
          )
          await waitFor(
            async () => (await store.outbox.countByStatus()).pending === 0,
            5000,
            "the sends to be recorded",
          )
          const copy = await outboxCopy(location)
          for (const token of [...Object.values(old), fresh, tokenIn(smtp.received[1])])
            expect(copy.text).not.toContain(token)
          expect(copy.workingTokens).toEqual([])

          // Links mailed before the upgrade keep working, and so do the new ones.
          const opened = await app.inject({ url: `/api/newsletter/confirm?token=${old.sent}` })
          expect(opened.headers.location).toBe(`/en/newsletter/confirmed?token=${old.sent}`)
          expect(
            (
              await app.inject({
                method: "POST",
                url: "/api/newsletter/confirm",
                payload: { token: fresh },
              })
            ).statusCode,
          ).toBe(200)
        } finally {
          await app.close()
          await smtp.close()
          await location.drop()
        }
      },
    )
  },
)
