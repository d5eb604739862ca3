import { type Kysely, sql } from "kysely"
import { type Clock, deleteInBatches } from "./query-helpers"
import type { Database } from "./schema"

/**
 * Request counters live in the store, not in process memory, so that replicas sharing a
 * PostgreSQL count together. A sliding window is approximated from two fixed windows: this
 * window's count plus the previous window's, weighted by how much of it the sliding window
 * still covers. The weighted part is not rounded down: rounded, a previous window's last
 * request stopped counting the moment the next window began, so that with a limit of one a
 * second request a few milliseconds later passed whenever a window boundary fell between them
 * (and with five, a sixth passed). The cost is on the strict side: with a limit of one, the next
 * request passes once the window after the post's has begun and ended, 10 to 20 minutes after
 * it for a 10-minute window, where the rounded count let it pass at the next boundary, 0 to 10.
 */
export function rateLimitsRepository(db: Kysely<Database>, now: Clock) {
  return {
    /**
     * Counts one request for `key`; returns the requests seen in the last `windowMs`, this one
     * included (an estimate, not always a whole number).
     */
    async hit(key: string, windowMs: number): Promise<number> {
      const at = now()
      const window = Math.floor(at / windowMs)
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
      const previousWeight = 1 - (at % windowMs) / windowMs
      return Number(current.count) + Number(previous?.count ?? 0) * previousWeight
    },

    async deleteBefore(windowMs: number): Promise<number> {
      const before = Math.floor(now() / windowMs) - 1
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
