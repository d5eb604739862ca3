import { randomUUID } from "node:crypto"
import { type Kysely, type Selectable, sql } from "kysely"
import type { LeadSource } from "../../contract/lead-source"
import type { Message } from "../../contract/message"
import type { MessageStatus } from "../../contract/message-status"
import { type Actor, writeAudit } from "./audit"
import type { DurableTransaction } from "./durable-commit"
import { groupCommit } from "./group-commit"
import { sourceColumns, sourceOfColumns } from "./lead-source-columns"
import { isReference } from "./message-reference"
import { acksSince, insertDeliveries, type NewDelivery, outboxRow } from "./outbox"
import { contains, type Clock, olderThan, type Page } from "./query-helpers"
import { insertQuotes, quotesOf } from "./quotes/quote-requests"
import type { Database, MessagesTable } from "./schema"

export type { LeadSource, Message }
export { NO_SOURCE } from "../../contract/lead-source"

export type NewMessage = Omit<Message, "id" | "createdAt" | "kind" | "status" | "assignee"> & {
  /** Default: "message", the contact form's. */
  kind?: Message["kind"]
}

export interface MessageFilter {
  q?: string
  status?: MessageStatus
  fromMs?: number
  toMs?: number
  /** An account id, or null for messages nobody handles. */
  assigneeId?: string | null
}

type Row = Selectable<MessagesTable> & { assignee_username: string | null }

/** What a new non-spam message sets off (server/outbox/): each becomes an outbox row. */
export interface DeliveryPlan {
  notify: boolean
  /** The acknowledgement to the sender, at most `perDay` to one address in 24 hours. */
  ack: { perDay: number } | null
  /** WEBHOOK_URLS entries. */
  webhooks: string[]
}

export const NO_DELIVERIES: DeliveryPlan = { notify: false, ack: null, webhooks: [] }

const DAY_MS = 86_400_000

interface Pending {
  row: MessagesTable
  plan: DeliveryPlan
  quote: NewMessage["quote"]
}

export const toMessage = (row: Row): Message => ({
  id: row.id,
  createdAt: new Date(Number(row.created_at)).toISOString(),
  kind: row.kind,
  status: row.status,
  name: row.name,
  email: row.email,
  company: row.company,
  phone: row.phone,
  message: row.message,
  language: row.language,
  page: row.page,
  spamReason: row.spam_reason,
  source: sourceOfColumns(row),
  assignee:
    row.assignee_id && row.assignee_username
      ? { id: row.assignee_id, username: row.assignee_username }
      : null,
})

/** The row of a new message: also written by the stores of leads that are more than a message. */
export function messageRow(id: string, input: NewMessage, at: number): MessagesTable {
  return {
    id,
    created_at: at,
    kind: input.kind ?? "message",
    status: input.spamReason !== null ? "spam" : "unread",
    name: input.name,
    email: input.email,
    company: input.company,
    phone: input.phone,
    message: input.message,
    language: input.language,
    page: input.page,
    spam_reason: input.spamReason,
    ...sourceColumns(input.source),
    assignee_id: null,
    search_text: [input.name, input.email, input.company ?? "", input.message]
      .join("\n")
      .toLowerCase(),
  }
}

export function messagesRepository(db: Kysely<Database>, durably: DurableTransaction, now: Clock) {
  // The message and every delivery it sets off commit together: a crash leaves both or neither;
  // the promise settles once the commit is on the disk (durable-commit.ts).
  const insert = groupCommit<Pending>(async (items) => {
    await durably(async (trx) => {
      await trx
        .insertInto("messages")
        .values(items.map((item) => item.row))
        .execute()
      const at = now()
      await insertQuotes(
        trx,
        items.flatMap(({ row, quote }) => (quote ? [{ messageId: row.id, quote, at }] : [])),
      )
      const live = items.filter((item) => item.row.spam_reason === null)
      const address = (row: MessagesTable) => row.email.toLowerCase()
      const acked = await acksSince(
        trx,
        [...new Set(live.filter((item) => item.plan.ack).map((item) => address(item.row)))],
        at - DAY_MS,
      )
      const deliveries: NewDelivery[] = []
      for (const { row, plan } of live) {
        if (plan.notify) deliveries.push({ kind: "notify", messageId: row.id })
        const sent = acked.get(address(row)) ?? 0
        if (plan.ack && sent < plan.ack.perDay) {
          acked.set(address(row), sent + 1)
          deliveries.push({ kind: "ack", messageId: row.id, target: address(row) })
        }
        for (const target of plan.webhooks)
          deliveries.push({ kind: "webhook", messageId: row.id, target })
      }
      await insertDeliveries(
        trx,
        deliveries.map((d) => outboxRow(d, at)),
      )
    })
  })

  /** The messages, each lead of kind quote with its study. */
  const withQuotes = async (messages: Message[]): Promise<Message[]> => {
    const quotes = await quotesOf(
      db,
      messages.filter((m) => m.kind === "quote").map((m) => m.id),
    )
    return messages.map((m) => (quotes.has(m.id) ? { ...m, quote: quotes.get(m.id) } : m))
  }

  const filtered = (filter: MessageFilter) => {
    let query = db.selectFrom("messages")
    if (filter.status) query = query.where("messages.status", "=", filter.status)
    if (filter.fromMs !== undefined) query = query.where("messages.created_at", ">=", filter.fromMs)
    if (filter.toMs !== undefined) query = query.where("messages.created_at", "<", filter.toMs)
    const q = filter.q
    // A reference from the acknowledgement (the id's first 8 hex digits) finds its message too.
    if (q)
      query = query.where((eb) =>
        isReference(q)
          ? eb.or([
              contains("messages.search_text", q),
              eb("messages.id", "like", `${q.toLowerCase()}%`),
            ])
          : contains("messages.search_text", q),
      )
    if (filter.assigneeId === null) query = query.where("messages.assignee_id", "is", null)
    else if (filter.assigneeId !== undefined)
      query = query.where("messages.assignee_id", "=", filter.assigneeId)
    return query
  }
  // Each message with its assignee's current name.
  const withAssignee = (filter: MessageFilter) =>
    filtered(filter)
      .leftJoin("admin_users", "admin_users.id", "messages.assignee_id")
      .selectAll("messages")
      .select("admin_users.username as assignee_username")

  /** Runs `change` on those of `ids` that exist, in one transaction with its audit entries. */
  const audited = (
    ids: string[],
    actor: Actor,
    change: (
      trx: Kysely<Database>,
      existing: string[],
    ) => Promise<{
      detail?: string | null
      action: "message_status" | "message_deleted" | "message_assigned" | "message_replied"
    }>,
  ) =>
    db.transaction().execute(async (trx) => {
      const existing: string[] = []
      for (let i = 0; i < ids.length; i += 500) {
        const rows = await trx
          .selectFrom("messages")
          .select("id")
          .where("id", "in", ids.slice(i, i + 500))
          .execute()
        existing.push(...rows.map((row) => row.id))
      }
      if (existing.length === 0) return 0
      const { action, detail } = await change(trx, existing)
      await writeAudit(
        trx,
        now(),
        actor,
        existing.map((messageId) => ({ action, messageId, detail })),
      )
      return existing.length
    })

  return {
    /** Resolves once the row is durably committed. */
    async create(input: NewMessage, plan: DeliveryPlan = NO_DELIVERIES): Promise<string> {
      const id = randomUUID()
      await insert({ plan, quote: input.quote, row: messageRow(id, input, now()) })
      return id
    },

    async list(filter: MessageFilter, page: Page): Promise<{ items: Message[]; total: number }> {
      const [rows, count] = await Promise.all([
        withAssignee(filter)
          .orderBy("messages.created_at", "desc")
          .orderBy("messages.id", "desc")
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        filtered(filter)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow(),
      ])
      return { items: await withQuotes(rows.map(toMessage)), total: Number(count.n) }
    },

    /**
     * Every matching message, newest first, fetched in slices to bound memory. Each slice
     * starts after the last row of the one before (keyset), not at an offset: a message that
     * arrives or goes during an export neither doubles nor drops another.
     */
    async *each(filter: MessageFilter, sliceSize = 1000): AsyncGenerator<Message> {
      let after: { created_at: number; id: string } | null = null
      for (;;) {
        let query = withAssignee(filter)
        if (after) query = query.where(olderThan(after.created_at, after.id, "messages"))
        const rows: Row[] = await query
          .orderBy("messages.created_at", "desc")
          .orderBy("messages.id", "desc")
          .limit(sliceSize)
          .execute()
        yield* await withQuotes(rows.map(toMessage))
        if (rows.length < sliceSize) return
        after = rows[rows.length - 1]
      }
    },

    async get(id: string): Promise<Message | null> {
      const row = await withAssignee({}).where("messages.id", "=", id).executeTakeFirst()
      return row ? (await withQuotes([toMessage(row)]))[0] : null
    },

    /** Sets the status of those of `ids` that exist; returns how many, each one in the audit log. */
    setStatus: (ids: string[], status: MessageStatus, actor: Actor): Promise<number> =>
      audited(ids, actor, async (trx, existing) => {
        await trx.updateTable("messages").set({ status }).where("id", "in", existing).execute()
        return {
          action: status === "replied" ? "message_replied" : "message_status",
          detail: status,
        }
      }),

    remove: (ids: string[], actor: Actor): Promise<number> =>
      audited(ids, actor, async (trx, existing) => {
        await trx.deleteFrom("messages").where("id", "in", existing).execute()
        return { action: "message_deleted" }
      }),

    /** Gives the message to an account (by id and its current name), or to nobody with null. */
    assign: (
      id: string,
      assignee: { id: string; username: string } | null,
      actor: Actor,
    ): Promise<number> =>
      audited([id], actor, async (trx, existing) => {
        await trx
          .updateTable("messages")
          .set({ assignee_id: assignee?.id ?? null })
          .where("id", "in", existing)
          .execute()
        return { action: "message_assigned", detail: assignee?.username ?? null }
      }),

    async countByStatus(): Promise<Record<MessageStatus, number>> {
      const rows = await db
        .selectFrom("messages")
        .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
        .groupBy("status")
        .execute()
      const counts: Record<MessageStatus, number> = {
        unread: 0,
        read: 0,
        replied: 0,
        archived: 0,
        spam: 0,
      }
      for (const row of rows) counts[row.status] = Number(row.n)
      return counts
    },

    /** Non-spam messages per UTC day since `sinceMs`, as { day: days since epoch, count }. */
    async perDay(sinceMs: number): Promise<{ day: number; count: number }[]> {
      const day = sql<number>`created_at / 86400000`
      const rows = await db
        .selectFrom("messages")
        .select([day.as("day"), (eb) => eb.fn.countAll<number>().as("n")])
        .where("created_at", ">=", sinceMs)
        .where("status", "!=", "spam")
        .groupBy(day)
        .execute()
      return rows.map((row) => ({ day: Number(row.day), count: Number(row.n) }))
    },
  }
}

export type MessagesRepository = ReturnType<typeof messagesRepository>
