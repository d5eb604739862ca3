import { randomUUID } from "node:crypto"
import type { MeetingTypeKey } from "../../../contract/booking"
import type { Language } from "../../../contract/languages"
import type { DurableTransaction } from "../durable-commit"
import { type DeliveryPlan, messageRow, type NewMessage } from "../messages"
import { insertDeliveries, outboxRow } from "../outbox"
import { queueMeetingMails } from "./mails"
import { cellsOf, isUniqueViolation } from "./rows"

export type NewMeeting = {
  type: MeetingTypeKey
  start: number
  end: number
  /** End plus the type's buffer. */
  freeAt: number
  zone: string
  language: Language
  memberId: string
  tokenHash: string
}

/** The lead's deliveries of the contact form, but the acknowledgement: the booking mail is it. */
const leadDeliveries = (messageId: string, plan: DeliveryPlan) => [
  ...(plan.notify ? [{ kind: "notify" as const, messageId }] : []),
  ...plan.webhooks.map((target) => ({ kind: "webhook" as const, messageId, target })),
]

/**
 * The lead, the meeting, its cells and its mails in one durable transaction. A cell another
 * booking holds fails the insert (the cells' primary key) and the whole of it rolls back:
 * "taken", nothing stored. This is the only guard against a double booking, on every instance.
 */
export async function insertBooking(
  durably: DurableTransaction,
  at: number,
  lead: NewMessage,
  plan: DeliveryPlan,
  meeting: NewMeeting,
): Promise<{ ok: true; id: string; messageId: string } | { ok: false }> {
  const id = randomUUID()
  const messageId = randomUUID()
  try {
    await durably(async (trx) => {
      await trx
        .insertInto("messages")
        .values(messageRow(messageId, { ...lead, kind: "meeting" }, at))
        .execute()
      await trx
        .insertInto("meetings")
        .values({
          id,
          message_id: messageId,
          type: meeting.type,
          status: "booked",
          start_at: meeting.start,
          end_at: meeting.end,
          free_at: meeting.freeAt,
          zone: meeting.zone,
          language: meeting.language,
          member_id: meeting.memberId,
          uid: `${id}@booking`,
          sequence: 0,
          token_hash: meeting.tokenHash,
          token_expires_at: meeting.end,
          created_at: at,
          updated_at: at,
        })
        .execute()
      await trx
        .insertInto("meeting_cells")
        .values(cellsOf({ id, ...meeting }))
        .execute()
      await insertDeliveries(
        trx,
        leadDeliveries(messageId, plan).map((d) => outboxRow(d, at)),
      )
      await queueMeetingMails(
        trx,
        { id, messageId, start: meeting.start, sequence: 0 },
        "booked",
        at,
      )
    })
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false }
    throw error
  }
  return { ok: true, id, messageId }
}
