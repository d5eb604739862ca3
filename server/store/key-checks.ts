import type { Kysely } from "kysely"
import type { Clock } from "./query-helpers"
import type { Database } from "./schema"

/**
 * The check value of each encryption key the store's data depends on (key_checks). The first
 * instance to start with a key records its value; every later one compares with the stored
 * row, never with what it read before writing, so instances that start together cannot both
 * record theirs: the primary key lets one insert win, on SQLite and PostgreSQL alike (as
 * periodic-runs.ts and the first admin account do).
 */
export function keyChecksRepository(db: Kysely<Database>, now: Clock) {
  return {
    async get(name: string): Promise<string | null> {
      const row = await db
        .selectFrom("key_checks")
        .select("value")
        .where("name", "=", name)
        .executeTakeFirst()
      return row?.value ?? null
    },

    /** Records `value` under `name` unless a value is there; returns the stored one (the first recorded). */
    async claim(name: string, value: string): Promise<string> {
      await db
        .insertInto("key_checks")
        .values({ name, value, created_at: now() })
        .onConflict((oc) => oc.column("name").doNothing())
        .execute()
      const row = await db
        .selectFrom("key_checks")
        .select("value")
        .where("name", "=", name)
        .executeTakeFirstOrThrow()
      return row.value
    },

    /** Replaces the value (a lost key given up: reset-totp-key; a rotation: rotate-totp-key). */
    async replace(name: string, value: string): Promise<void> {
      await db
        .insertInto("key_checks")
        .values({ name, value, created_at: now() })
        .onConflict((oc) => oc.column("name").doUpdateSet({ value, created_at: now() }))
        .execute()
    },

    async remove(name: string): Promise<void> {
      await db.deleteFrom("key_checks").where("name", "=", name).execute()
    },
  }
}
