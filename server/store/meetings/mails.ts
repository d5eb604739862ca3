import type { Transaction } from "kysely"
import { insertDeliveries, outboxRow } from "../outbox"
import type { Database, OutboxTable } from "../schema"
import type { MeetingMailEvent, MeetingMailPayload } from "./meeting-record"

const HOUR = 3_600_000
const REMINDERS = [
  { event: "reminder_24h", before: 24 * HOUR },
  { event: "reminder_1h", before: HOUR },
] as const

type Mailed = { id: string; messageId: string; start: number; sequence: number }

/** The mails of `event` to the visitor and the member, and for a meeting still to come its
 * reminders, due at start - 24 h and - 1 h (one already past is not written). */
export function meetingMailRows(meeting: Mailed, event: MeetingMailEvent, at: number) {
  const rows: OutboxTable[] = []
  const add = (mail: MeetingMailEvent, dueAt: number) => {
    for (const to of ["visitor", "member"] as const) {
      const payload: MeetingMailPayload = {
        meetingId: meeting.id,
        event: mail,
        to,
        sequence: meeting.sequence,
      }
      rows.push({
        ...outboxRow({ kind: "meeting_mail", messageId: meeting.messageId, payload }, at),
        next_at: dueAt,
      })
    }
  }
  add(event, at)
  if (event !== "cancelled")
    for (const { event: reminder, before } of REMINDERS)
      if (meeting.start - before > at) add(reminder, meeting.start - before)
  return rows
}

/** Writes the mails of a change; a reschedule or a cancel first drops the reminders still due. */
export async function queueMeetingMails(
  trx: Transaction<Database>,
  meeting: Mailed,
  event: MeetingMailEvent,
  at: number,
) {
  if (event !== "booked") {
    const pending = await trx
      .selectFrom("outbox")
      .select(["id", "payload"])
      .where("kind", "=", "meeting_mail")
      .where("status", "=", "pending")
      .where("message_id", "=", meeting.messageId)
      .execute()
    const reminders = pending
      .filter((row) =>
        (JSON.parse(row.payload ?? "{}") as MeetingMailPayload).event?.startsWith("reminder_"),
      )
      .map((row) => row.id)
    if (reminders.length > 0) await trx.deleteFrom("outbox").where("id", "in", reminders).execute()
  }
  await insertDeliveries(trx, meetingMailRows(meeting, event, at))
}
