import { type Kysely, sql } from "kysely"
import { type Clock, deleteInBatches } from "./query-helpers"
import type { Database } from "./schema"
import { slidingCount, windowIndex } from "./sliding-window"

export type SlidingHit = { count: number; current: number; previous: number; at: number }

/**
 * Request counters live in the store, not in process memory, so that replicas sharing a
 * PostgreSQL count together; the window slides (sliding-window.ts).
 */
export function rateLimitsRepository(db: Kysely<Database>, now: Clock) {
  return {
    /**
     * Counts one request for `key`. `count`: the requests seen in the last `windowMs`, this one
     * included (an estimate, not always a whole number); `current` and `previous`: the two
     * fixed windows' counts it comes from, at `at`.
     */
    async hit(key: string, windowMs: number): Promise<SlidingHit> {
      const at = now()
      const window = windowIndex(at, windowMs)
      const current = await db
        .insertInto("rate_limits")
        .values({ key, window_start: window, count: 1 })
        .onConflict((oc) =>
          oc.columns(["key", "window_start"]).doUpdateSet({ count: sql`rate_limits.count + 1` }),
        )
        .returning("count")
        .executeTakeFirstOrThrow()
      const previous = await db
        .selectFrom("rate_limits")
        .select("count")
        .where("key", "=", key)
        .where("window_start", "=", window - 1)
        .executeTakeFirst()
      const counts = { current: Number(current.count), previous: Number(previous?.count ?? 0), at }
      return { ...counts, count: slidingCount(counts.current, counts.previous, at, windowMs) }
    },

    async deleteBefore(windowMs: number): Promise<number> {
      const before = windowIndex(now(), windowMs) - 1
      return deleteInBatches((limit) =>
        db
          .deleteFrom("rate_limits")
          .where(({ eb, refTuple, selectFrom }) =>
            eb(
              refTuple("key", "window_start"),
              "in",
              selectFrom("rate_limits")
                .select(["key", "window_start"])
                .where("window_start", "<", before)
                .limit(limit)
                .$asTuple("key", "window_start"),
            ),
          )
          .executeTakeFirst(),
      )
    },
  }
}

export type RateLimitsRepository = ReturnType<typeof rateLimitsRepository>
