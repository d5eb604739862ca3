import { randomUUID } from "node:crypto"
import { type Kysely, type Selectable, sql } from "kysely"
import type { Message } from "../../contract/message"
import type { MessageStatus } from "../../contract/message-status"
import { groupCommit } from "./group-commit"
import { contains, type Clock, type Page } from "./query-helpers"
import type { Database, MessagesTable } from "./schema"

export type NewMessage = Omit<Message, "id" | "createdAt" | "status">
export type { Message }

export interface MessageFilter {
  q?: string
  status?: MessageStatus
  fromMs?: number
  toMs?: number
}

type Row = Selectable<MessagesTable>

export const toMessage = (row: Row): Message => ({
  id: row.id,
  createdAt: new Date(Number(row.created_at)).toISOString(),
  status: row.status,
  name: row.name,
  email: row.email,
  company: row.company,
  phone: row.phone,
  message: row.message,
  language: row.language,
  page: row.page,
  spamReason: row.spam_reason,
})

export function messagesRepository(db: Kysely<Database>, now: Clock) {
  const insert = groupCommit<MessagesTable>(async (rows) => {
    await db.transaction().execute((trx) => trx.insertInto("messages").values(rows).execute())
  })

  const filtered = (filter: MessageFilter) => {
    let query = db.selectFrom("messages")
    if (filter.status) query = query.where("status", "=", filter.status)
    if (filter.fromMs !== undefined) query = query.where("created_at", ">=", filter.fromMs)
    if (filter.toMs !== undefined) query = query.where("created_at", "<", filter.toMs)
    if (filter.q) query = query.where(contains("search_text", filter.q))
    return query
  }

  return {
    /** Resolves once the row is durably committed. */
    async create(input: NewMessage, options: { notify: boolean }): Promise<string> {
      const id = randomUUID()
      const spam = input.spamReason !== null
      await insert({
        id,
        created_at: now(),
        status: spam ? "spam" : "unread",
        name: input.name,
        email: input.email,
        company: input.company,
        phone: input.phone,
        message: input.message,
        language: input.language,
        page: input.page,
        spam_reason: input.spamReason,
        search_text: [input.name, input.email, input.company ?? "", input.message].join("\n").toLowerCase(),
        notify_status: options.notify && !spam ? "pending" : "none",
        notify_attempts: 0,
        notify_next_at: options.notify && !spam ? 0 : null,
      })
      return id
    },

    async list(filter: MessageFilter, page: Page): Promise<{ items: Message[]; total: number }> {
      const [rows, count] = await Promise.all([
        filtered(filter).selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(page.limit).offset(page.offset).execute(),
        filtered(filter).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
      ])
      return { items: rows.map(toMessage), total: Number(count.n) }
    },

    /** Every matching message, newest first, fetched in slices to bound memory. */
    async *each(filter: MessageFilter): AsyncGenerator<Message> {
      for (let offset = 0; ; offset += 1000) {
        const rows = await filtered(filter).selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(1000).offset(offset).execute()
        for (const row of rows) yield toMessage(row)
        if (rows.length < 1000) return
      }
    },

    async get(id: string): Promise<Message | null> {
      const row = await db.selectFrom("messages").selectAll().where("id", "=", id).executeTakeFirst()
      return row ? toMessage(row) : null
    },

    async setStatus(ids: string[], status: MessageStatus): Promise<number> {
      if (ids.length === 0) return 0
      const result = await db.updateTable("messages").set({ status }).where("id", "in", ids).executeTakeFirst()
      return Number(result.numUpdatedRows)
    },

    async remove(ids: string[]): Promise<number> {
      if (ids.length === 0) return 0
      const result = await db.deleteFrom("messages").where("id", "in", ids).executeTakeFirst()
      return Number(result.numDeletedRows)
    },

    async countByStatus(): Promise<Record<MessageStatus, number>> {
      const rows = await db.selectFrom("messages").select(["status", (eb) => eb.fn.countAll<number>().as("n")]).groupBy("status").execute()
      const counts: Record<MessageStatus, number> = { unread: 0, read: 0, archived: 0, spam: 0 }
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

    /**
     * Takes up to `limit` messages whose notification is due and pushes their next attempt
     * to `retryAt(attempts)`, so a second replica polling at the same time does not mail
     * them twice and a crash mid-send leads to a retry.
     */
    async claimNotifications(limit: number, retryAt: (attempts: number) => number): Promise<(Message & { attempts: number })[]> {
      const due = await db
        .selectFrom("messages")
        .selectAll()
        .where("notify_status", "=", "pending")
        .where("notify_next_at", "<=", now())
        .orderBy("notify_next_at")
        .limit(limit)
        .execute()
      const claimed = []
      for (const row of due) {
        const result = await db
          .updateTable("messages")
          .set({ notify_next_at: retryAt(row.notify_attempts + 1), notify_attempts: row.notify_attempts + 1 })
          .where("id", "=", row.id)
          .where("notify_attempts", "=", row.notify_attempts)
          .executeTakeFirst()
        if (Number(result.numUpdatedRows) === 1) claimed.push({ ...toMessage(row), attempts: Number(row.notify_attempts) + 1 })
      }
      return claimed
    },

    async markNotified(id: string, outcome: "sent" | "failed"): Promise<void> {
      await db.updateTable("messages").set({ notify_status: outcome, notify_next_at: null }).where("id", "=", id).execute()
    },
  }
}

export type MessagesRepository = ReturnType<typeof messagesRepository>
