import type { Kysely, Selectable } from "kysely"
import type { Subscriber as ListedSubscriber } from "../../../contract/subscriber"
import { contains, type Clock, olderThan, type Page } from "../query-helpers"
import type { Database, SubscribersTable } from "../schema"
import { mintTokens } from "./tokens"
import { dropUnsentConfirmations } from "./unsent-confirmations"

/** What the admin list shows (the contract's), plus the consent record only the server uses. */
export interface Subscriber extends ListedSubscriber {
  consentAt: string | null
  consentVersion: string | null
}

export interface SliceOptions {
  confirmedOnly?: boolean
  sliceSize?: number
}

const toSubscriber = (row: Selectable<SubscribersTable>): Subscriber => ({
  id: row.id,
  email: row.email,
  language: row.language,
  createdAt: new Date(Number(row.created_at)).toISOString(),
  consentAt: row.consent_at === null ? null : new Date(Number(row.consent_at)).toISOString(),
  consentVersion: row.consent_version,
  confirmedAt: row.confirmed_at === null ? null : new Date(Number(row.confirmed_at)).toISOString(),
})

const filtered = (db: Kysely<Database>, q?: string) => {
  const query = db.selectFrom("subscribers")
  return q ? query.where(contains("email", q)) : query
}

/**
 * Subscribers in slices, newest first. Each slice starts after the last row of the one
 * before (keyset), not at an offset: one arriving or leaving meanwhile doubles or drops no other.
 */
async function* slices(
  db: Kysely<Database>,
  q: string | undefined,
  { confirmedOnly = false, sliceSize = 1000 }: SliceOptions,
) {
  const all = filtered(db, q)
  const query = confirmedOnly ? all.where("confirmed_at", "is not", null) : all
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

/** The admin's side: the list, the exports and the newsletter's sending, Delete, the count. */
export function subscriberList(db: Kysely<Database>, now: Clock) {
  return {
    async list(q: string | undefined, page: Page): Promise<{ items: Subscriber[]; total: number }> {
      const [rows, count] = await Promise.all([
        filtered(db, q)
          .selectAll()
          .orderBy("created_at", "desc")
          .orderBy("id")
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        filtered(db, q)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow(),
      ])
      return { items: rows.map(toSubscriber), total: Number(count.n) }
    },

    /** Every subscriber matching `q`, newest first; with `confirmedOnly`, those a newsletter may be sent to. */
    async *each(q: string | undefined, options: SliceOptions = {}): AsyncGenerator<Subscriber> {
      for await (const rows of slices(db, q, options)) yield* rows.map(toSubscriber)
    },

    /**
     * The same, each with a new unsubscribe token (stored hashed, one insert per slice): the
     * clear tokens of earlier links are kept nowhere, and those links keep working.
     */
    async *eachWithUnsubscribeToken(
      q: string | undefined,
      options: SliceOptions = {},
    ): AsyncGenerator<Subscriber & { unsubscribeToken: string }> {
      for await (const rows of slices(db, q, options)) {
        const tokens = await mintTokens(
          db,
          now(),
          rows.map((row) => row.id),
        )
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
