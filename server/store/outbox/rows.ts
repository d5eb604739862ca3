import { randomUUID } from "node:crypto"
import { type Kysely, type Selectable, type Transaction } from "kysely"
import type { Delivery } from "../../../contract/outbox"
import type { Database, OutboxKind, OutboxTable } from "../schema"

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
