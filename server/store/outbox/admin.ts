import type { Kysely } from "kysely"
import type { Clock } from "../query-helpers"
import type { Database, OutboxKind, OutboxStatus } from "../schema"
import { type Delivery, type OutboxRow, toDelivery } from "./rows"

/** The admin's outbox page: one delivery, the list, the counts, and a failed one sent again. */
export function outboxAdmin(db: Kysely<Database>, now: Clock) {
  return {
    async get(id: string): Promise<OutboxRow | null> {
      return (
        (await db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirst()) ?? null
      )
    },

    async list(
      filter: { status?: OutboxStatus; kind?: OutboxKind; target?: string },
      limit: number,
    ): Promise<Delivery[]> {
      let query = db.selectFrom("outbox").selectAll()
      if (filter.status) query = query.where("status", "=", filter.status)
      if (filter.kind) query = query.where("kind", "=", filter.kind)
      if (filter.target !== undefined) query = query.where("target", "=", filter.target)
      const rows = await query
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute()
      return rows.map(toDelivery)
    },

    async countByStatus(): Promise<Record<OutboxStatus, number>> {
      const rows = await db
        .selectFrom("outbox")
        .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
        .groupBy("status")
        .execute()
      const counts: Record<OutboxStatus, number> = { pending: 0, sent: 0, failed: 0 }
      for (const row of rows) counts[row.status] = Number(row.n)
      return counts
    },

    /**
     * A failed delivery gets a fresh set of attempts, due now, unless it is a webhook whose
     * target is not among `webhooks` (the WEBHOOK_URLS entries configured now): checked in the
     * same statement, so a retry never revives a delivery to a URL that was removed.
     */
    async retry(
      id: string,
      webhooks: readonly string[],
    ): Promise<"pending" | "not_found" | "not_configured"> {
      const at = now()
      const result = await db
        .updateTable("outbox")
        .set({
          status: "pending",
          attempts: 0,
          next_at: at,
          lease_until: null,
          leased_by: null,
          updated_at: at,
        })
        .where("id", "=", id)
        .where("status", "=", "failed")
        .where((eb) =>
          webhooks.length === 0
            ? eb("kind", "!=", "webhook")
            : eb.or([eb("kind", "!=", "webhook"), eb("target", "in", [...webhooks])]),
        )
        .executeTakeFirst()
      if (Number(result.numUpdatedRows) === 1) return "pending"
      const row = await db
        .selectFrom("outbox")
        .select("kind")
        .where("id", "=", id)
        .where("status", "=", "failed")
        .executeTakeFirst()
      return row?.kind === "webhook" ? "not_configured" : "not_found"
    },
  }
}
