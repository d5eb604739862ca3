import type { Kysely } from "kysely"
import type { Dialect } from "../database"
import type { Clock } from "../query-helpers"
import type { Database } from "../schema"
import { outboxAdmin } from "./admin"
import { outboxLeases } from "./leases"
import { outboxOutcomes } from "./outcomes"
import { insertDeliveries, type NewDelivery, outboxRow } from "./rows"

export {
  acksSince,
  type Delivery,
  insertDeliveries,
  type NewDelivery,
  type OutboxRow,
  outboxRow,
  toDelivery,
} from "./rows"

/** The outbox: deliveries queued, leased and sent by the workers, looked at and retried by the admin. */
export function outboxRepository(db: Kysely<Database>, dialect: Dialect, now: Clock) {
  return {
    async enqueue(deliveries: NewDelivery[]): Promise<string[]> {
      const rows = deliveries.map((d) => outboxRow(d, now()))
      await insertDeliveries(db, rows)
      return rows.map((row) => row.id)
    },
    ...outboxLeases(db, dialect, now),
    ...outboxOutcomes(db, now),
    ...outboxAdmin(db, now),

    /** Forgets finished deliveries not tied to a message (those go with their message) older than `beforeMs`. */
    async purgeFinished(beforeMs: number): Promise<number> {
      const result = await db
        .deleteFrom("outbox")
        .where("message_id", "is", null)
        .where("status", "!=", "pending")
        .where("updated_at", "<", beforeMs)
        .executeTakeFirst()
      return Number(result.numDeletedRows)
    },
  }
}

export type OutboxRepository = ReturnType<typeof outboxRepository>
