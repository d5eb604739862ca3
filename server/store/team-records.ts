import type { Kysely } from "kysely"
import type { MessageEvent, PersonalNote } from "../../contract/data-rights"
import { MESSAGE_STATUSES, type MessageStatus } from "../../contract/message-status"
import type { Database } from "./schema"

/**
 * What the team recorded about a visitor's message, as the person it concerns may receive it
 * (GDPR article 15): the notes (text, date, the author's role when written) and what was done with the
 * message and when. Left out, as they are about team members only: account names, client
 * addresses, and audit entries that name no message (docs/INBOX.md, "Personal-data requests").
 */
export interface TeamRecords {
  notes: PersonalNote[]
  history: MessageEvent[]
}

/** The audit actions that change a message; a note's own entry is left out, the note itself is there. */
const MESSAGE_ACTIONS = ["message_status", "message_replied", "message_assigned"]
const SLICE = 500

const iso = (ms: number) => new Date(Number(ms)).toISOString()
const isStatus = (value: string | null): value is MessageStatus =>
  (MESSAGE_STATUSES as readonly (string | null)[]).includes(value)

function toEvent(row: { at: number; action: string; detail: string | null }): MessageEvent | null {
  const at = iso(row.at)
  // The detail of an assignment is the assignee's account name: only whether there is one is kept.
  if (row.action === "message_assigned")
    return { at, action: row.detail === null ? "unassigned" : "assigned", status: null }
  const status = row.action === "message_replied" ? "replied" : row.detail
  return isStatus(status) ? { at, action: "status_changed", status } : null
}

/** The team's records of each of `messageIds`, oldest first; every id gets an entry, empty when there is nothing. */
export async function teamRecordsOf(
  db: Kysely<Database>,
  messageIds: string[],
): Promise<Map<string, TeamRecords>> {
  const records = new Map<string, TeamRecords>(
    messageIds.map((id) => [id, { notes: [], history: [] }]),
  )
  for (let i = 0; i < messageIds.length; i += SLICE) {
    const ids = messageIds.slice(i, i + SLICE)
    const notes = await db
      .selectFrom("message_notes")
      .select(["message_id", "created_at", "body", "author_role"])
      .where("message_id", "in", ids)
      .orderBy("created_at")
      .orderBy("id")
      .execute()
    for (const note of notes)
      records.get(note.message_id)!.notes.push({
        createdAt: iso(note.created_at),
        text: note.body,
        authorRole: note.author_role,
      })
    const entries = await db
      .selectFrom("audit_log")
      .select(["message_id", "at", "action", "detail"])
      .where("message_id", "in", ids)
      .where("action", "in", MESSAGE_ACTIONS)
      .orderBy("at")
      .orderBy("id")
      .execute()
    for (const entry of entries) {
      const event = toEvent(entry)
      if (event) records.get(entry.message_id!)!.history.push(event)
    }
  }
  return records
}
