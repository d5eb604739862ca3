import { randomUUID } from "node:crypto"
import type { Kysely } from "kysely"
import type { Note } from "../../contract/team"
import { type Actor, writeAudit } from "./audit"
import type { Clock } from "./query-helpers"
import type { AdminRole, Database } from "./schema"

export type { Note }

export function messageNotesRepository(db: Kysely<Database>, now: Clock) {
  return {
    async list(messageId: string): Promise<Note[]> {
      const rows = await db
        .selectFrom("message_notes")
        .selectAll()
        .where("message_id", "=", messageId)
        .orderBy("created_at")
        .orderBy("id")
        .execute()
      return rows.map((row) => ({
        id: row.id,
        messageId: row.message_id,
        author: row.author_username,
        createdAt: new Date(Number(row.created_at)).toISOString(),
        text: row.body,
      }))
    },

    /**
     * Adds the note (with its author's role now) and its audit entry together; null when the
     * message does not exist.
     */
    async add(
      messageId: string,
      actor: Actor,
      authorRole: AdminRole,
      text: string,
    ): Promise<Note | null> {
      return db.transaction().execute(async (trx) => {
        const message = await trx
          .selectFrom("messages")
          .select("id")
          .where("id", "=", messageId)
          .executeTakeFirst()
        if (!message) return null
        const row = {
          id: randomUUID(),
          message_id: messageId,
          author_username: actor.username,
          author_role: authorRole,
          created_at: now(),
          body: text,
        }
        await trx.insertInto("message_notes").values(row).execute()
        await writeAudit(trx, row.created_at, actor, [
          { action: "message_note", messageId, detail: row.id },
        ])
        return {
          id: row.id,
          messageId,
          author: actor.username,
          createdAt: new Date(row.created_at).toISOString(),
          text,
        }
      })
    },
  }
}

export type MessageNotesRepository = ReturnType<typeof messageNotesRepository>
