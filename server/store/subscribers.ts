import { randomBytes, randomUUID } from "node:crypto"
import type { Kysely, Selectable } from "kysely"
import type { Language } from "../../contract/languages"
import type { Subscriber as ListedSubscriber } from "../../contract/subscriber"
import { contains, type Clock, type Page } from "./query-helpers"
import type { Database, SubscribersTable } from "./schema"

/** What the admin list shows (the contract's), plus what only the server uses. */
export interface Subscriber extends ListedSubscriber {
  unsubscribeToken: string
  consentAt: string | null
  consentVersion: string | null
}

/** What a subscription request led to, and what the confirmation mail needs. */
export interface Subscription {
  created: boolean
  confirmed: boolean
  token: string
  language: Language
}

const toSubscriber = (row: Selectable<SubscribersTable>): Subscriber => ({
  id: row.id,
  email: row.email,
  language: row.language,
  createdAt: new Date(Number(row.created_at)).toISOString(),
  unsubscribeToken: row.token,
  consentAt: row.consent_at === null ? null : new Date(Number(row.consent_at)).toISOString(),
  consentVersion: row.consent_version,
  confirmedAt: row.confirmed_at === null ? null : new Date(Number(row.confirmed_at)).toISOString(),
})

export function subscribersRepository(db: Kysely<Database>, now: Clock) {
  const filtered = (q?: string) => {
    const query = db.selectFrom("subscribers")
    return q ? query.where(contains("email", q)) : query
  }

  return {
    /**
     * Adds the address unless it is already there. The consent is recorded as given then: its
     * time, and the version of the wording shown. With `confirmed` false (double opt-in) the
     * subscription waits for `confirm`; asking again while it waits renews the consent and
     * the language, so that the next mail is in the language of the latest request.
     */
    async subscribe(email: string, language: Language, consentVersion: string | null = null, confirmed = true): Promise<Subscription> {
      const at = now()
      const address = email.toLowerCase()
      const token = randomBytes(24).toString("base64url")
      const inserted = await db
        .insertInto("subscribers")
        .values({ id: randomUUID(), email: address, language, token, created_at: at, consent_at: at, consent_version: consentVersion, confirmed_at: confirmed ? at : null })
        .onConflict((oc) => oc.column("email").doNothing())
        .returning("id")
        .executeTakeFirst()
      if (inserted) return { created: true, confirmed, token, language }
      const pending = await db
        .updateTable("subscribers")
        .set({ language, consent_at: at, consent_version: consentVersion })
        .where("email", "=", address)
        .where("confirmed_at", "is", null)
        .returning(["token", "language"])
        .executeTakeFirst()
      if (pending) return { created: false, confirmed: false, ...pending }
      const existing = await db.selectFrom("subscribers").select(["token", "language"]).where("email", "=", address).executeTakeFirstOrThrow()
      return { created: false, confirmed: true, ...existing }
    },

    /** Confirms the subscription holding `token`; returns its language, or null when unknown. */
    async confirm(token: string): Promise<{ language: string } | null> {
      await db.updateTable("subscribers").set({ confirmed_at: now() }).where("token", "=", token).where("confirmed_at", "is", null).execute()
      const row = await db.selectFrom("subscribers").select("language").where("token", "=", token).executeTakeFirst()
      return row ?? null
    },

    /** The language of the subscription holding `token`, or null when there is none. */
    async languageOf(token: string): Promise<Language | null> {
      const row = await db.selectFrom("subscribers").select("language").where("token", "=", token).executeTakeFirst()
      return row?.language ?? null
    },

    /** Removes the subscriber holding `token`; returns its language, or null when unknown. */
    async unsubscribe(token: string): Promise<{ language: Language } | null> {
      const row = await db.deleteFrom("subscribers").where("token", "=", token).returning("language").executeTakeFirst()
      return row ?? null
    },

    async list(q: string | undefined, page: Page): Promise<{ items: Subscriber[]; total: number }> {
      const [rows, count] = await Promise.all([
        filtered(q).selectAll().orderBy("created_at", "desc").orderBy("id").limit(page.limit).offset(page.offset).execute(),
        filtered(q).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
      ])
      return { items: rows.map(toSubscriber), total: Number(count.n) }
    },

    /** Every subscriber matching `q`; with `confirmedOnly`, those a newsletter may be sent to. */
    async *each(q: string | undefined, { confirmedOnly = false } = {}): AsyncGenerator<Subscriber> {
      const query = confirmedOnly ? filtered(q).where("confirmed_at", "is not", null) : filtered(q)
      for (let offset = 0; ; offset += 1000) {
        const rows = await query.selectAll().orderBy("created_at", "desc").orderBy("id").limit(1000).offset(offset).execute()
        for (const row of rows) yield toSubscriber(row)
        if (rows.length < 1000) return
      }
    },

    async remove(id: string): Promise<boolean> {
      const result = await db.deleteFrom("subscribers").where("id", "=", id).executeTakeFirst()
      return Number(result.numDeletedRows) === 1
    },

    async count(): Promise<number> {
      const row = await db.selectFrom("subscribers").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()
      return Number(row.n)
    },
  }
}

export type SubscribersRepository = ReturnType<typeof subscribersRepository>
