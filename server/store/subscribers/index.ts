import { createHash, randomBytes, randomUUID } from "node:crypto"
import type { ExpressionBuilder, Kysely, Selectable } from "kysely"
import type { Language } from "../../contract/languages"
import type { Subscriber as ListedSubscriber } from "../../contract/subscriber"
import { insertDeliveries, outboxRow } from "./outbox"
import { contains, type Clock, olderThan, type Page } from "./query-helpers"
import type { Database, SubscribersTable } from "./schema"

/** What the admin list shows (the contract's), plus the consent record only the server uses. */
export interface Subscriber extends ListedSubscriber {
  consentAt: string | null
  consentVersion: string | null
}

/** What a subscription request led to. */
export interface Subscription {
  confirmed: boolean
  language: Language
  /**
   * Whether a confirmation mail was queued with the subscription (in the outbox, in the same
   * transaction); not when confirmed, nor when mailed less than a day ago. The mail's link
   * token is minted when it is sent (`mintMailToken`): no outbox row holds one.
   */
  mailQueued: boolean
}

const DAY_MS = 86_400_000

/**
 * Deletes the confirmation mails not sent yet to these addresses, whose link would open
 * nothing once their subscription is gone; called in the transaction that removes it. A sent
 * one stays with the other finished deliveries until their purge (outbox.ts); it holds no token.
 */
export async function dropUnsentConfirmations(
  db: Kysely<Database>,
  emails: string[],
): Promise<void> {
  if (emails.length === 0) return
  await db
    .deleteFrom("outbox")
    .where("kind", "=", "newsletter_confirm")
    .where("status", "!=", "sent")
    .where("target", "in", emails)
    .execute()
}

interface SliceOptions {
  confirmedOnly?: boolean
  sliceSize?: number
}

/** Link tokens are kept as SHA-256 hashes, like session tokens: a copy of the table opens no link. */
export const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex")
const newToken = () => randomBytes(24).toString("base64url")

const toSubscriber = (row: Selectable<SubscribersTable>): Subscriber => ({
  id: row.id,
  email: row.email,
  language: row.language,
  createdAt: new Date(Number(row.created_at)).toISOString(),
  consentAt: row.consent_at === null ? null : new Date(Number(row.consent_at)).toISOString(),
  consentVersion: row.consent_version,
  confirmedAt: row.confirmed_at === null ? null : new Date(Number(row.confirmed_at)).toISOString(),
})

export function subscribersRepository(db: Kysely<Database>, now: Clock) {
  const filtered = (q?: string) => {
    const query = db.selectFrom("subscribers")
    return q ? query.where(contains("email", q)) : query
  }

  /** The subscriber a link's token belongs to: the first token, or one minted later. */
  const holding = (token: string) => {
    const hash = tokenHash(token)
    return (eb: ExpressionBuilder<Database, "subscribers">) =>
      eb.or([
        eb("token", "=", hash),
        eb(
          "id",
          "in",
          eb.selectFrom("subscriber_tokens").select("subscriber_id").where("token_hash", "=", hash),
        ),
      ])
  }

  /** New tokens for these subscribers, stored hashed in one statement; returns them in order. */
  async function mintTokens(subscriberIds: string[]): Promise<string[]> {
    if (subscriberIds.length === 0) return []
    const tokens = subscriberIds.map(newToken)
    const at = now()
    await db
      .insertInto("subscriber_tokens")
      .values(
        subscriberIds.map((id, i) => ({
          token_hash: tokenHash(tokens[i]),
          subscriber_id: id,
          created_at: at,
        })),
      )
      .execute()
    return tokens
  }

  /**
   * Subscribers in slices, newest first. Each slice starts after the last row of the one
   * before (keyset), not at an offset: one arriving or leaving meanwhile doubles or drops no other.
   */
  async function* slices(
    q: string | undefined,
    { confirmedOnly = false, sliceSize = 1000 }: SliceOptions,
  ) {
    const query = confirmedOnly ? filtered(q).where("confirmed_at", "is not", null) : filtered(q)
    let after: { created_at: number; id: string } | null = null
    for (;;) {
      const slice = after ? query.where(olderThan(after.created_at, after.id)) : query
      const rows: Selectable<SubscribersTable>[] = await slice
        .selectAll()
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(sliceSize)
        .execute()
      if (rows.length > 0) yield rows
      if (rows.length < sliceSize) return
      after = rows[rows.length - 1]
    }
  }

  return {
    /**
     * Adds the address unless it is already there. The consent is recorded as given then: its
     * time, and the version of the wording shown. With `confirmed` false (double opt-in) the
     * subscription waits for `confirm`; asking again while it waits renews the consent and
     * the language, and queues a new mail when the last one is a day old: one confirmation
     * mail a day at most, however often the address is entered.
     *
     * The confirmation mail is queued in the outbox in the same transaction as the row it
     * confirms (like a contact message's deliveries): a failure or a crash leaves both or
     * neither, never a subscriber marked as mailed without a mail, nor a mail without its
     * subscriber. The outbox row names the address only; the sender mints the link's token.
     */
    subscribe: (
      email: string,
      language: Language,
      consentVersion: string | null = null,
      confirmed = true,
    ): Promise<Subscription> =>
      db.transaction().execute(async (trx) => {
        const at = now()
        const address = email.toLowerCase()
        const queueMail = async () => {
          await insertDeliveries(trx, [
            outboxRow({ kind: "newsletter_confirm", target: address }, at),
          ])
          return true
        }
        const inserted = await trx
          .insertInto("subscribers")
          .values({
            id: randomUUID(),
            email: address,
            language,
            // The column wants a first token; this one is in no link (mails mint theirs).
            token: tokenHash(newToken()),
            created_at: at,
            consent_at: at,
            consent_version: consentVersion,
            confirmed_at: confirmed ? at : null,
            confirmation_sent_at: confirmed ? null : at,
          })
          .onConflict((oc) => oc.column("email").doNothing())
          .returning("id")
          .executeTakeFirst()
        if (inserted)
          return { confirmed, language, mailQueued: confirmed ? false : await queueMail() }
        // Claimed by one conditional update, so parallel requests cannot both mail.
        const due = await trx
          .updateTable("subscribers")
          .set({
            language,
            consent_at: at,
            consent_version: consentVersion,
            confirmation_sent_at: at,
          })
          .where("email", "=", address)
          .where("confirmed_at", "is", null)
          .where((eb) =>
            eb.or([
              eb("confirmation_sent_at", "is", null),
              eb("confirmation_sent_at", "<=", at - DAY_MS),
            ]),
          )
          .returning(["id", "language"])
          .executeTakeFirst()
        if (due) return { confirmed: false, language: due.language, mailQueued: await queueMail() }
        const pending = await trx
          .updateTable("subscribers")
          .set({ language, consent_at: at, consent_version: consentVersion })
          .where("email", "=", address)
          .where("confirmed_at", "is", null)
          .returning("language")
          .executeTakeFirst()
        if (pending) return { confirmed: false, language: pending.language, mailQueued: false }
        const existing = await trx
          .selectFrom("subscribers")
          .select("language")
          .where("email", "=", address)
          .executeTakeFirstOrThrow()
        return { confirmed: true, language: existing.language, mailQueued: false }
      }),

    /**
     * A new link token (stored hashed) for the subscription of `email`, and its language, for
     * the confirmation mail being sent now; null when the address has no subscription (any
     * more). Each attempt at a mail mints its own: the clear token lives only in the mail.
     */
    async mintMailToken(email: string): Promise<{ token: string; language: Language } | null> {
      const row = await db
        .selectFrom("subscribers")
        .select(["id", "language"])
        .where("email", "=", email.toLowerCase())
        .executeTakeFirst()
      if (!row) return null
      const [token] = await mintTokens([row.id])
      return { token, language: row.language }
    },

    /** Confirms the subscription holding `token`; returns its language, or null when unknown. */
    async confirm(token: string): Promise<{ language: Language } | null> {
      await db
        .updateTable("subscribers")
        .set({ confirmed_at: now() })
        .where(holding(token))
        .where("confirmed_at", "is", null)
        .execute()
      const row = await db
        .selectFrom("subscribers")
        .select("language")
        .where(holding(token))
        .executeTakeFirst()
      return row ?? null
    },

    /** The language of the subscription holding `token`, or null when there is none. */
    async languageOf(token: string): Promise<Language | null> {
      const row = await db
        .selectFrom("subscribers")
        .select("language")
        .where(holding(token))
        .executeTakeFirst()
      return row?.language ?? null
    },

    /**
     * Removes the subscriber holding `token` and its unsent confirmation; returns its language, or
     * null when unknown.
     */
    async unsubscribe(token: string): Promise<{ language: Language } | null> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .deleteFrom("subscribers")
          .where(holding(token))
          .returning(["language", "email"])
          .executeTakeFirst()
        if (!row) return null
        await dropUnsentConfirmations(trx, [row.email])
        return { language: row.language }
      })
    },

    async list(q: string | undefined, page: Page): Promise<{ items: Subscriber[]; total: number }> {
      const [rows, count] = await Promise.all([
        filtered(q)
          .selectAll()
          .orderBy("created_at", "desc")
          .orderBy("id")
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        filtered(q)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow(),
      ])
      return { items: rows.map(toSubscriber), total: Number(count.n) }
    },

    /** Every subscriber matching `q`, newest first; with `confirmedOnly`, those a newsletter may be sent to. */
    async *each(q: string | undefined, options: SliceOptions = {}): AsyncGenerator<Subscriber> {
      for await (const rows of slices(q, options)) yield* rows.map(toSubscriber)
    },

    /**
     * The same, each with a new unsubscribe token (stored hashed, one insert per slice): the
     * clear tokens of earlier links are kept nowhere, and those links keep working.
     */
    async *eachWithUnsubscribeToken(
      q: string | undefined,
      options: SliceOptions = {},
    ): AsyncGenerator<Subscriber & { unsubscribeToken: string }> {
      for await (const rows of slices(q, options)) {
        const tokens = await mintTokens(rows.map((row) => row.id))
        yield* rows.map((row, i) => ({ ...toSubscriber(row), unsubscribeToken: tokens[i] }))
      }
    },

    /** Removes a subscriber (the admin's Delete) and its unsent confirmation. */
    async remove(id: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .deleteFrom("subscribers")
          .where("id", "=", id)
          .returning("email")
          .executeTakeFirst()
        if (!row) return false
        await dropUnsentConfirmations(trx, [row.email])
        return true
      })
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom("subscribers")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },
  }
}

export type SubscribersRepository = ReturnType<typeof subscribersRepository>
