import { type Kysely, sql } from "kysely"
import { groupCommit } from "../group-commit"
import type { Clock } from "../query-helpers"
import type { Database } from "../schema"

const shortError = (error: string) => error.slice(0, 500)

/**
 * A finished row's payload. Newsletter confirmations are queued without one now (the sender
 * mints the link's token); one queued by the previous release, during a rolling upgrade,
 * still carries its token, which goes in the statement that ends the row.
 */
const finishedPayload = sql<
  string | null
>`case when kind = 'newsletter_confirm' then null else payload end`

/** What a send led to, recorded by the worker that holds the row: sent, tried again later, failed. */
export function outboxOutcomes(db: Kysely<Database>, now: Clock) {
  // Sends that end together are recorded in one transaction: on SQLite, one disk sync for all.
  const recordSent = groupCommit<{ id: string; worker: string }>(async (items) => {
    const at = now()
    await db.transaction().execute(async (trx) => {
      for (const worker of new Set(items.map((item) => item.worker))) {
        const ids = items.filter((item) => item.worker === worker).map((item) => item.id)
        await trx
          .updateTable("outbox")
          .set({
            status: "sent",
            payload: finishedPayload,
            lease_until: null,
            leased_by: null,
            last_error: null,
            updated_at: at,
          })
          .where("id", "in", ids)
          .where("leased_by", "=", worker)
          .execute()
      }
    })
  })

  return {
    async markSent(id: string, worker: string): Promise<void> {
      await recordSent({ id, worker })
    },

    async reschedule(id: string, worker: string, nextAt: number, error: string): Promise<void> {
      await db
        .updateTable("outbox")
        .set({
          next_at: nextAt,
          lease_until: null,
          leased_by: null,
          last_error: shortError(error),
          updated_at: now(),
        })
        .where("id", "=", id)
        .where("leased_by", "=", worker)
        .execute()
    },

    async markFailed(id: string, worker: string, error: string): Promise<void> {
      await db
        .updateTable("outbox")
        .set({
          status: "failed",
          payload: finishedPayload,
          lease_until: null,
          leased_by: null,
          last_error: shortError(error),
          updated_at: now(),
        })
        .where("id", "=", id)
        .where("leased_by", "=", worker)
        .execute()
    },
  }
}
