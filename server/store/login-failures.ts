import { type Kysely, sql } from "kysely"
import type { Database } from "./schema"
import type { Clock } from "./query-helpers"

// A key left alone this long starts counting again from zero.
const FORGET_AFTER_MS = 24 * 3_600_000

export interface FailureRecord {
  key: string
  failures: number
  lastFailureAt: number
}

export function loginFailuresRepository(db: Kysely<Database>, now: Clock) {
  return {
    async find(keys: string[]): Promise<FailureRecord[]> {
      const rows = await db.selectFrom("login_failures").selectAll().where("key", "in", keys).where("last_failure_at", ">=", now() - FORGET_AFTER_MS).execute()
      return rows.map((row) => ({ key: row.key, failures: Number(row.failures), lastFailureAt: Number(row.last_failure_at) }))
    },

    async record(keys: string[]): Promise<void> {
      const at = now()
      for (const key of keys) {
        await db
          .insertInto("login_failures")
          .values({ key, failures: 1, last_failure_at: at })
          .onConflict((oc) =>
            oc.column("key").doUpdateSet({
              failures: sql`case when login_failures.last_failure_at < ${at - FORGET_AFTER_MS} then 1 else login_failures.failures + 1 end`,
              last_failure_at: at,
            }),
          )
          .execute()
      }
    },

    async clear(keys: string[]): Promise<void> {
      await db.deleteFrom("login_failures").where("key", "in", keys).execute()
    },
  }
}

export type LoginFailuresRepository = ReturnType<typeof loginFailuresRepository>
