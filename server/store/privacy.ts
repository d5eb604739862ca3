import { createHash, randomUUID } from "node:crypto"
import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type Selectable,
  type SqlBool,
  sql,
} from "kysely"
import type { Erasure, PersonalData } from "../../contract/data-rights"
import { accountKey } from "./login-throttle"
import { meetingsOf } from "./meetings/personal"
import { toMessage } from "./messages"
import { type Clock, contains, deleteInBatches, type Page } from "./query-helpers"
import { quotesOf } from "./quotes/quote-requests"
import type { Database, ErasuresTable } from "./schema"
import { dropUnsentConfirmations } from "./subscribers"
import { teamRecordsOf } from "./team-records"

const DAY_MS = 86_400_000
/** Spam is kept just long enough to spot a false positive. */
export const SPAM_RETENTION_DAYS = 30
/** A newsletter subscription not confirmed from its mail within this time is dropped. */
export const UNCONFIRMED_RETENTION_DAYS = 7
/**
 * An erasure record (a hash of the address, who, when) is proof that a person's request was
 * honoured; it is kept long enough to answer a complaint about it, then goes like the rest.
 */
export const ERASURE_LOG_MONTHS = 36

/** The same address whatever its case or surrounding spaces: how it is matched and hashed. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase()

export const emailHash = (email: string) =>
  createHash("sha256").update(normalizeEmail(email)).digest("hex")

/** The instant `months` calendar months before `nowMs` (UTC); 31 March minus one month is 3 March. */
export function monthsBefore(nowMs: number, months: number): number {
  const date = new Date(nowMs)
  date.setUTCMonth(date.getUTCMonth() - months)
  return date.getTime()
}

export type { Erasure, PersonalData }

const toErasure = (row: Selectable<ErasuresTable>): Erasure => ({
  id: row.id,
  erasedAt: new Date(Number(row.erased_at)).toISOString(),
  adminUsername: row.admin_username,
  emailSha256: row.email_sha256,
  messages: Number(row.messages),
  subscriptions: Number(row.subscriptions),
})

/** `email` as a whole address inside a text, not as the tail or head of a longer one. */
function mentions(email: string): RegExp {
  const escaped = email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
  return new RegExp(`(^|[^a-z0-9._%+-])${escaped}($|[^a-z0-9.-]|\\.(?![a-z0-9-]))`)
}

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString())

/** Retention, and the rights of a person over what the site stored about their address. */
export function privacyRepository(db: Kysely<Database>, now: Clock) {
  // A message "about" an address is one sent from it, or one whose text names it: both
  // hold the address, so both are shown, exported and erased. LIKE finds the candidates;
  // the pattern then drops longer addresses that merely contain this one (jo+ann@ for ann@).
  const messagesOf = async (from: Kysely<Database>, email: string) => {
    const rows = await from
      .selectFrom("messages")
      .selectAll()
      .where((eb) =>
        eb.or([eb(sql<string>`lower(email)`, "=", email), contains("search_text", email)]),
      )
      .orderBy("created_at", "desc")
      .orderBy("id")
      .execute()
    const named = mentions(email)
    return rows.filter((row) => row.email.toLowerCase() === email || named.test(row.search_text))
  }

  return {
    /** Deletes, in batches, what outlived its retention period; returns how many rows of each went. */
    async purge(retentionMonths: number): Promise<{
      messages: number
      spam: number
      subscribers: number
      unconfirmed: number
      erasures: number
      audit: number
    }> {
      const at = now()
      const before = monthsBefore(at, retentionMonths)
      const spamBefore = at - SPAM_RETENTION_DAYS * DAY_MS
      const messageIds = (limit: number) => db.selectFrom("messages").select("id").limit(limit)
      // A subscription goes with its confirmation mails not sent yet, in one transaction per batch.
      const dropSubscribers = (
        which: (eb: ExpressionBuilder<Database, "subscribers">) => Expression<SqlBool>,
      ) =>
        deleteInBatches((limit) =>
          db.transaction().execute(async (trx) => {
            const gone = await trx
              .deleteFrom("subscribers")
              .where(
                "id",
                "in",
                trx.selectFrom("subscribers").select("id").where(which).limit(limit),
              )
              .returning("email")
              .execute()
            await dropUnsentConfirmations(
              trx,
              gone.map((row) => row.email),
            )
            return { numDeletedRows: BigInt(gone.length) }
          }),
        )
      const messages = await deleteInBatches((limit) =>
        db
          .deleteFrom("messages")
          .where("id", "in", messageIds(limit).where("created_at", "<", before))
          .executeTakeFirst(),
      )
      const spam = await deleteInBatches((limit) =>
        db
          .deleteFrom("messages")
          .where(
            "id",
            "in",
            messageIds(limit).where("status", "=", "spam").where("created_at", "<", spamBefore),
          )
          .executeTakeFirst(),
      )
      const subscribers = await dropSubscribers((eb) => eb("created_at", "<", before))
      const unconfirmed = await dropSubscribers((eb) =>
        eb.and([
          eb("confirmed_at", "is", null),
          eb("consent_at", "<", at - UNCONFIRMED_RETENTION_DAYS * DAY_MS),
        ]),
      )
      const erasures = await deleteInBatches((limit) =>
        db
          .deleteFrom("erasures")
          .where(
            "id",
            "in",
            db
              .selectFrom("erasures")
              .select("id")
              .where("erased_at", "<", monthsBefore(at, ERASURE_LOG_MONTHS))
              .limit(limit),
          )
          .executeTakeFirst(),
      )
      // The audit log names messages and accounts: it lives as long as the messages it speaks of.
      const audit = await deleteInBatches((limit) =>
        db
          .deleteFrom("audit_log")
          .where(
            "id",
            "in",
            db.selectFrom("audit_log").select("id").where("at", "<", before).limit(limit),
          )
          .executeTakeFirst(),
      )
      return { messages, spam, subscribers, unconfirmed, erasures, audit }
    },

    /** Everything stored about `email`, as the person may receive it (GDPR article 15 and 20). */
    async find(address: string): Promise<PersonalData> {
      const email = normalizeEmail(address)
      const [messages, subscriber] = await Promise.all([
        messagesOf(db, email),
        db.selectFrom("subscribers").selectAll().where("email", "=", email).executeTakeFirst(),
      ])
      const ids = messages.map((row) => row.id)
      const [records, quotes, meetings] = await Promise.all([
        teamRecordsOf(db, ids),
        quotesOf(db, ids),
        meetingsOf(db, ids),
      ])
      return {
        email,
        // Each message with the team's notes on it and its history; not its assignee's account (team-records.ts).
        messages: messages.map((row) => {
          const { assignee, ...message } = toMessage({ ...row, assignee_username: null })
          const quote = quotes.get(row.id)
          const booked = meetings.get(row.id)
          return {
            ...message,
            ...(quote ? { quote } : {}),
            ...(booked ? { meetings: booked } : {}),
            ...records.get(row.id)!,
          }
        }),
        subscription: subscriber
          ? {
              email: subscriber.email,
              language: subscriber.language,
              subscribedAt: new Date(Number(subscriber.created_at)).toISOString(),
              consentAt: iso(subscriber.consent_at),
              consentVersion: subscriber.consent_version,
              confirmedAt: iso(subscriber.confirmed_at),
            }
          : null,
      }
    },

    /** Erases every row holding `email` and records the erasure, keeping only a hash of the address. */
    async erase(address: string, adminUsername: string): Promise<Erasure> {
      const email = normalizeEmail(address)
      return db.transaction().execute(async (trx) => {
        const ids = (await messagesOf(trx, email)).map((row) => row.id)
        let erasedMessages = 0
        for (let i = 0; i < ids.length; i += 500) {
          const result = await trx
            .deleteFrom("messages")
            .where("id", "in", ids.slice(i, i + 500))
            .executeTakeFirst()
          erasedMessages += Number(result.numDeletedRows)
        }
        const subscriptions = await trx
          .deleteFrom("subscribers")
          .where("email", "=", email)
          .executeTakeFirst()
        // Failed sign-ins with the address as user name are counted under a hash of it (auth/throttle.ts).
        await trx.deleteFrom("login_throttle").where("key", "=", accountKey(email)).execute()
        // Deliveries about the address that no message holds (a newsletter confirmation); the
        // others went with their messages.
        await trx.deleteFrom("outbox").where("target", "=", email).execute()
        const row = {
          id: randomUUID(),
          erased_at: now(),
          admin_username: adminUsername,
          email_sha256: emailHash(email),
          messages: erasedMessages,
          subscriptions: Number(subscriptions.numDeletedRows),
        }
        await trx.insertInto("erasures").values(row).execute()
        return toErasure(row)
      })
    },

    async erasures(page: Page): Promise<{ items: Erasure[]; total: number }> {
      const [rows, count] = await Promise.all([
        db
          .selectFrom("erasures")
          .selectAll()
          .orderBy("erased_at", "desc")
          .orderBy("id", "desc")
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        db
          .selectFrom("erasures")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow(),
      ])
      return { items: rows.map(toErasure), total: Number(count.n) }
    },
  }
}

export type PrivacyRepository = ReturnType<typeof privacyRepository>
