import type { Kysely } from "kysely"
import { type Clock, deleteInBatches } from "../query-helpers"
import type { Database } from "../schema"

/** How long a delivery id is remembered: GitHub redelivers within days, not weeks. */
export const DELIVERY_MEMORY_MS = 7 * 24 * 3_600_000

/** The push webhook's delivery ids: each delivery acts once, on every instance together. */
export function pushDeliveriesRepository(db: Kysely<Database>, now: Clock) {
  return {
    /** True for the first sight of `id` (it acts), false for a replay: one atomic insert. */
    async claim(id: string): Promise<boolean> {
      const inserted = await db
        .insertInto("push_deliveries")
        .values({ id, received_at: now() })
        .onConflict((oc) => oc.column("id").doNothing())
        .returning("id")
        .executeTakeFirst()
      return inserted !== undefined
    },

    /** Forgets the ids older than DELIVERY_MEMORY_MS (housekeeping); answers how many. */
    async forgetOld(): Promise<number> {
      const before = now() - DELIVERY_MEMORY_MS
      return deleteInBatches((limit) =>
        db
          .deleteFrom("push_deliveries")
          .where(
            "id",
            "in",
            db
              .selectFrom("push_deliveries")
              .select("id")
              .where("received_at", "<", before)
              .limit(limit),
          )
          .executeTakeFirst(),
      )
    },
  }
}
