import { type ExpressionBuilder, type Kysely, sql } from "kysely"
import type { Dialect } from "../database"
import type { Clock } from "../query-helpers"
import type { Database, OutboxKind } from "../schema"
import type { OutboxRow } from "./rows"

/** A row no worker holds: never leased, or its lease ran out before `at`. */
const free = (at: number) => (eb: ExpressionBuilder<Database, "outbox">) =>
  eb.or([eb("lease_until", "is", null), eb("lease_until", "<", at)])

/** The workers' side before a send: taking due rows, holding them while they send, the next wake-up. */
export function outboxLeases(db: Kysely<Database>, dialect: Dialect, now: Clock) {
  return {
    /**
     * Leases up to `limit` due rows of `kinds` to `worker`. SQLite has one writer, so one
     * UPDATE … WHERE id IN (SELECT … LIMIT n) is atomic. On PostgreSQL that form may rescan its
     * subquery and take more than `limit` rows, so the rows are first picked with FOR UPDATE
     * SKIP LOCKED (concurrent claimers skip each other's rows) and then leased, in one
     * transaction; the lease condition is checked again on update.
     */
    async claim(
      kinds: readonly OutboxKind[],
      limit: number,
      worker: string,
      leaseMs: number,
    ): Promise<OutboxRow[]> {
      if (kinds.length === 0 || limit <= 0) return []
      const at = now()
      const lease = (from: Kysely<Database>, ids: readonly string[] | ReturnType<typeof due>) =>
        from
          .updateTable("outbox")
          .set({
            leased_by: worker,
            lease_until: at + leaseMs,
            attempts: sql`attempts + 1`,
            updated_at: at,
          })
          .where("id", "in", ids)
          .where("status", "=", "pending")
          .where(free(at))
          .returningAll()
          .execute()
      const due = (from: Kysely<Database>) =>
        from
          .selectFrom("outbox")
          .select("id")
          .where("status", "=", "pending")
          .where("next_at", "<=", at)
          .where("kind", "in", kinds)
          .where(free(at))
          .orderBy("next_at")
          .limit(limit)
      if (dialect === "sqlite") return lease(db, due(db))
      return db.transaction().execute(async (trx) => {
        const ids = (await due(trx).forUpdate().skipLocked().execute()).map((row) => row.id)
        return ids.length === 0 ? [] : lease(trx, ids)
      })
    },

    /** Extends the lease of rows `worker` still holds, while their sends last. */
    async renew(ids: string[], worker: string, leaseMs: number): Promise<void> {
      if (ids.length === 0) return
      await db
        .updateTable("outbox")
        .set({ lease_until: now() + leaseMs })
        .where("id", "in", ids)
        .where("leased_by", "=", worker)
        .where("status", "=", "pending")
        .execute()
    },

    /** When the next pending row of `kinds` falls due (or a lease runs out), or null when none waits. */
    async nextDueAt(kinds: readonly OutboxKind[]): Promise<number | null> {
      if (kinds.length === 0) return null
      const row = await db
        .selectFrom("outbox")
        .select((eb) =>
          eb.fn
            .min(
              sql<number>`case when lease_until is null or lease_until < next_at then next_at else lease_until end`,
            )
            .as("at"),
        )
        .where("status", "=", "pending")
        .where("kind", "in", kinds)
        .executeTakeFirst()
      return row?.at === null || row?.at === undefined ? null : Number(row.at)
    },
  }
}
