import { randomUUID } from "node:crypto"
import type { Kysely, Selectable } from "kysely"
import type { AuditAction, AuditEntry } from "../../contract/audit"
import type { Clock, Page } from "./query-helpers"
import type { AuditLogTable, Database } from "./schema"

export type { AuditAction, AuditEntry }

/** Who acts: the signed-in account's name and the client address it used. */
export interface Actor {
  username: string
  ip: string | null
}

export interface NewAuditEntry {
  action: AuditAction
  messageId?: string | null
  /** A short value (a status, a user name, a filter): never a visitor's address or text. */
  detail?: string | null
}

const toEntry = (row: Selectable<AuditLogTable>): AuditEntry => ({
  id: row.id,
  at: new Date(Number(row.at)).toISOString(),
  username: row.admin_username,
  action: row.action as AuditAction,
  messageId: row.message_id,
  detail: row.detail,
  ip: row.ip,
})

/** Writes entries with `db`, which may be the transaction of the change they record. */
export async function writeAudit(
  db: Kysely<Database>,
  at: number,
  actor: Actor,
  entries: NewAuditEntry[],
): Promise<void> {
  for (let i = 0; i < entries.length; i += 200) {
    await db
      .insertInto("audit_log")
      .values(
        entries.slice(i, i + 200).map((entry) => ({
          id: randomUUID(),
          at,
          admin_username: actor.username,
          action: entry.action,
          message_id: entry.messageId ?? null,
          detail: entry.detail ?? null,
          ip: actor.ip,
        })),
      )
      .execute()
  }
}

export function auditRepository(db: Kysely<Database>, now: Clock) {
  return {
    record: (actor: Actor, entry: NewAuditEntry) => writeAudit(db, now(), actor, [entry]),

    async list(
      filter: { messageId?: string },
      page: Page,
    ): Promise<{ items: AuditEntry[]; total: number }> {
      let query = db.selectFrom("audit_log")
      if (filter.messageId) query = query.where("message_id", "=", filter.messageId)
      const [rows, count] = await Promise.all([
        query
          .selectAll()
          .orderBy("at", "desc")
          .orderBy("id", "desc")
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
      ])
      return { items: rows.map(toEntry), total: Number(count.n) }
    },
  }
}

export type AuditRepository = ReturnType<typeof auditRepository>
