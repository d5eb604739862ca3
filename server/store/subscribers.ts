import { randomBytes, randomUUID } from "node:crypto"
import type { Kysely, Selectable } from "kysely"
import type { Database, SubscribersTable } from "./schema"
import { contains, type Clock, type Page } from "./query-helpers"

export interface Subscriber {
  id: string
  email: string
  language: string
  createdAt: string
  unsubscribeToken: string
  consentAt: string | null
  consentVersion: string | null
}

const toSubscriber = (row: Selectable<SubscribersTable>): Subscriber => ({
  id: row.id,
  email: row.email,
  language: row.language,
  createdAt: new Date(Number(row.created_at)).toISOString(),
  unsubscribeToken: row.token,
  consentAt: row.consent_at === null ? null : new Date(Number(row.consent_at)).toISOString(),
  consentVersion: row.consent_version,
})

export function subscribersRepository(db: Kysely<Database>, now: Clock) {
  const filtered = (q?: string) => {
    const query = db.selectFrom("subscribers")
    return q ? query.where(contains("email", q)) : query
  }

  return {
    /**
     * Adds the address unless it is already there; `created` tells which happened. The
     * consent is recorded as given then: its time, and the version of the wording shown.
     */
    async subscribe(email: string, language: string, consentVersion: string | null = null): Promise<{ created: boolean }> {
      const at = now()
      const result = await db
        .insertInto("subscribers")
        .values({
          id: randomUUID(),
          email: email.toLowerCase(),
          language,
          token: randomBytes(24).toString("base64url"),
          created_at: at,
          consent_at: at,
          consent_version: consentVersion,
        })
        .onConflict((oc) => oc.column("email").doNothing())
        .returning("id")
        .executeTakeFirst()
      return { created: result !== undefined }
    },

    /** Removes the subscriber holding `token`; returns its language, or null when unknown. */
    async unsubscribe(token: string): Promise<{ language: string } | null> {
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

    async *each(q: string | undefined): AsyncGenerator<Subscriber> {
      for (let offset = 0; ; offset += 1000) {
        const rows = await filtered(q).selectAll().orderBy("created_at", "desc").orderBy("id").limit(1000).offset(offset).execute()
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
