import { randomUUID } from "node:crypto"
import { type ExpressionBuilder, type Kysely, type Selectable, type Transaction, sql } from "kysely"
import type { Delivery } from "../../contract/outbox"
import type { Dialect } from "./database"
import { groupCommit } from "./group-commit"
import type { Clock } from "./query-helpers"
import type { Database, OutboxKind, OutboxStatus, OutboxTable } from "./schema"

export type OutboxRow = Selectable<OutboxTable>

/** A delivery to make: its kind, what it is about, and where it goes. */
export interface NewDelivery {
  kind: OutboxKind
  messageId?: string | null
  target?: string | null
  payload?: unknown
}

/** A delivery as the admin sees it: no payload, the target as given. */
export type { Delivery }

const iso = (ms: number) => new Date(Number(ms)).toISOString()

export const toDelivery = (row: OutboxRow): Delivery => ({
  id: row.id,
  kind: row.kind,
  messageId: row.message_id,
  target: row.target,
  status: row.status,
  attempts: Number(row.attempts),
  nextAt: iso(row.next_at),
  lastError: row.last_error,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
})

export function outboxRow(delivery: NewDelivery, at: number): OutboxTable {
  return {
    id: randomUUID(),
    kind: delivery.kind,
    message_id: delivery.messageId ?? null,
    target: delivery.target ?? null,
    payload: delivery.payload === undefined ? null : JSON.stringify(delivery.payload),
    status: "pending",
    attempts: 0,
    next_at: at,
    lease_until: null,
    leased_by: null,
    last_error: null,
    created_at: at,
    updated_at: at,
  }
}

/** Insert inside the caller's transaction, so the deliveries exist exactly when what caused them does. */
export async function insertDeliveries(
  trx: Transaction<Database> | Kysely<Database>,
  rows: OutboxTable[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 200)
    await trx
      .insertInto("outbox")
      .values(rows.slice(i, i + 200))
      .execute()
}

/** How many acknowledgements each address got since `sinceMs` (addresses lower-cased). */
export async function acksSince(
  trx: Transaction<Database> | Kysely<Database>,
  addresses: string[],
  sinceMs: number,
): Promise<Map<string, number>> {
  if (addresses.length === 0) return new Map()
  const rows = await trx
    .selectFrom("outbox")
    .select(["target", (eb) => eb.fn.countAll<number>().as("n")])
    .where("kind", "=", "ack")
    .where("target", "in", addresses)
    .where("created_at", ">=", sinceMs)
    .groupBy("target")
    .execute()
  return new Map(rows.map((row) => [row.target!, Number(row.n)]))
}

const shortError = (error: string) => error.slice(0, 500)

/**
 * A finished row's payload. Newsletter confirmations are queued without one now (the sender
 * mints the link's token); one queued by the previous release, during a rolling upgrade,
 * still carries its token, which goes in the statement that ends the row.
 */
const finishedPayload = sql<
  string | null
>`case when kind = 'newsletter_confirm' then null else payload end`

export function outboxRepository(db: Kysely<Database>, dialect: Dialect, now: Clock) {
  const free = (at: number) => (eb: ExpressionBuilder<Database, "outbox">) =>
    eb.or([eb("lease_until", "is", null), eb("lease_until", "<", at)])

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
    async enqueue(deliveries: NewDelivery[]): Promise<string[]> {
      const rows = deliveries.map((d) => outboxRow(d, now()))
      await insertDeliveries(db, rows)
      return rows.map((row) => row.id)
    },

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
