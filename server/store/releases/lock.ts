import type { Kysely } from "kysely"
import type { Clock } from "../query-helpers"
import type { Database } from "../schema"
import {
  type LockState,
  type NewPending,
  parsePending,
  type PendingRequest,
  PUBLISHER,
  type Taken,
} from "./rows"

/**
 * Takes the publisher's lock for `holder` until `ttlMs` from now, when it is free or its
 * holder stopped renewing it (died mid-build): answers the holder it took over from. What
 * was pending stays, for nextOrUnlock. When a live holder has it, records `request` as
 * pending (the latest wins) and answers null.
 */
export async function takeLock(
  db: Kysely<Database>,
  now: Clock,
  holder: string,
  ttlMs: number,
  request: NewPending | null,
): Promise<Taken | null> {
  await db
    .insertInto("publisher_lock")
    .values({ name: PUBLISHER, holder: null, held_until: 0, pending: null })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute()
  for (;;) {
    const taken = await db.transaction().execute(async (trx) => {
      const at = now()
      const row = await trx
        .selectFrom("publisher_lock")
        .selectAll()
        .where("name", "=", PUBLISHER)
        .executeTakeFirstOrThrow()
      const updated = await trx
        .updateTable("publisher_lock")
        .set({ holder, held_until: at + ttlMs })
        .where("name", "=", PUBLISHER)
        .where((eb) => eb.or([eb("holder", "is", null), eb("held_until", "<", at)]))
        // The row read above is the one taken (PostgreSQL: another took it meanwhile).
        .where((eb) =>
          row.holder === null ? eb("holder", "is", null) : eb("holder", "=", row.holder),
        )
        .executeTakeFirst()
      if (Number(updated.numUpdatedRows) !== 1) return null
      return { from: row.holder }
    })
    if (taken) return taken
    if (!request) return null
    // Only while a live holder has it: one that let go meanwhile would never read it.
    const at = now()
    const recorded = await db
      .updateTable("publisher_lock")
      .set({ pending: JSON.stringify({ ...request, asked_at: at }) })
      .where("name", "=", PUBLISHER)
      .where("holder", "is not", null)
      .where("held_until", ">=", at)
      .executeTakeFirst()
    if (Number(recorded.numUpdatedRows) === 1) return null
  }
}

/** The publisher's lock: one build at a time across instances, and what waits for the next. */
export function publisherLock(db: Kysely<Database>, now: Clock) {
  return {
    lock: (holder: string, ttlMs: number, request: NewPending | null) =>
      takeLock(db, now, holder, ttlMs, request),

    /** The lock's row as it is: who holds it, until when, and what waits for the next build. */
    async lockState(): Promise<LockState> {
      const row = await db
        .selectFrom("publisher_lock")
        .selectAll()
        .where("name", "=", PUBLISHER)
        .executeTakeFirst()
      return {
        holder: row?.holder ?? null,
        heldUntil: Number(row?.held_until ?? 0),
        pending: parsePending(row?.pending ?? null),
      }
    },

    /** Keeps the lock while a build runs; false when it was lost (expired and taken). */
    async renew(holder: string, ttlMs: number): Promise<boolean> {
      const result = await db
        .updateTable("publisher_lock")
        .set({ held_until: now() + ttlMs })
        .where("name", "=", PUBLISHER)
        .where("holder", "=", holder)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    /**
     * The holder's way out: takes the pending request, if any, keeping the lock for it (the
     * coalesced next build); otherwise frees the lock. Null when nothing waits.
     */
    async nextOrUnlock(holder: string, ttlMs: number): Promise<PendingRequest | null> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom("publisher_lock")
          .select("pending")
          .where("name", "=", PUBLISHER)
          .where("holder", "=", holder)
          .executeTakeFirst()
        if (row?.pending) {
          await trx
            .updateTable("publisher_lock")
            .set({ pending: null, held_until: now() + ttlMs })
            .where("name", "=", PUBLISHER)
            .where("holder", "=", holder)
            .execute()
          return parsePending(row.pending)
        }
        await trx
          .updateTable("publisher_lock")
          .set({ holder: null, held_until: 0 })
          .where("name", "=", PUBLISHER)
          .where("holder", "=", holder)
          .execute()
        return null
      })
    },

    /** Frees the lock and leaves what was asked for the next instance (one that stops). */
    async unlockKeepingPending(holder: string): Promise<void> {
      await db
        .updateTable("publisher_lock")
        .set({ holder: null, held_until: 0 })
        .where("name", "=", PUBLISHER)
        .where("holder", "=", holder)
        .execute()
    },

    /** Whether a build holds the lock now (the admin shows it). */
    async building(): Promise<boolean> {
      const row = await db
        .selectFrom("publisher_lock")
        .select(["holder", "held_until"])
        .where("name", "=", PUBLISHER)
        .executeTakeFirst()
      return Boolean(row?.holder) && Number(row?.held_until) >= now()
    },
  }
}
