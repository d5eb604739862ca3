import { randomBytes } from "node:crypto"
import type { Kysely } from "kysely"
import type { Clock } from "../query-helpers"
import type { Database } from "../schema"
import { dayOf } from "./days"

/**
 * A salt stays in the store for the day it keys and the next, then goes: 48 hours after its day
 * began at most (plus one housekeeping period).
 */
const KEEP_DAYS = 2

/**
 * The day's salt, created by whichever instance needs it first: an insert that does nothing
 * when another instance's is there, then a read, so every instance on one store uses the same.
 */
export function saltsRepository(db: Kysely<Database>, now: Clock) {
  const cache = new Map<number, Promise<string>>()

  async function load(day: number): Promise<string> {
    await db
      .insertInto("audience_salts")
      .values({ day, salt: randomBytes(32).toString("base64url"), created_at: now() })
      .onConflict((oc) => oc.column("day").doNothing())
      .execute()
    const row = await db
      .selectFrom("audience_salts")
      .select("salt")
      .where("day", "=", day)
      .executeTakeFirstOrThrow()
    return row.salt
  }

  return {
    /** The salt of the day `at` falls in. */
    forTime(at: number): Promise<string> {
      const day = dayOf(at)
      let salt = cache.get(day)
      if (!salt) {
        salt = load(day)
        salt.catch(() => cache.delete(day))
        // Only the current day's salt stays in memory: events take the time they arrive.
        cache.clear()
        cache.set(day, salt)
      }
      return salt
    },
    /** Deletes the salts whose day ended more than a day ago, here and in memory. */
    async deleteOld(): Promise<number> {
      const before = dayOf(now()) - KEEP_DAYS + 1
      for (const day of cache.keys()) if (day < before) cache.delete(day)
      const result = await db
        .deleteFrom("audience_salts")
        .where("day", "<", before)
        .executeTakeFirst()
      return Number(result.numDeletedRows)
    },
  }
}
