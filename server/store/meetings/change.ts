import type { Kysely } from "kysely"
import type { DurableTransaction } from "../durable-commit"
import type { Database } from "../schema"
import { queueMeetingMails } from "./mails"
import { cellsOf, isUniqueViolation } from "./rows"

export type NewSlot = {
  start: number
  end: number
  freeAt: number
  memberId: string
  zone: string
}

type Current = { id: string; messageId: string; sequence: number }

/**
 * Moves a meeting in one transaction: its cells are swapped (a taken one rolls everything
 * back, the old slot kept), the UID stays, SEQUENCE goes up, the manage link lives until the
 * new end, and the reminders still due are replaced.
 */
export async function rescheduleMeeting(
  durably: DurableTransaction,
  at: number,
  current: Current,
  slot: NewSlot,
): Promise<boolean> {
  const sequence = current.sequence + 1
  try {
    await durably(async (trx) => {
      await trx
        .updateTable("meetings")
        .set({
          status: "rescheduled",
          start_at: slot.start,
          end_at: slot.end,
          free_at: slot.freeAt,
          member_id: slot.memberId,
          zone: slot.zone,
          sequence,
          token_expires_at: slot.end,
          updated_at: at,
        })
        .where("id", "=", current.id)
        .execute()
      await trx.deleteFrom("meeting_cells").where("meeting_id", "=", current.id).execute()
      await trx
        .insertInto("meeting_cells")
        .values(cellsOf({ id: current.id, ...slot }))
        .execute()
      await queueMeetingMails(trx, { ...current, start: slot.start, sequence }, "rescheduled", at)
    })
  } catch (error) {
    if (isUniqueViolation(error)) return false
    throw error
  }
  return true
}

/** Cancels a meeting: its cells go (the slot is free at once), SEQUENCE goes up, CANCEL is mailed. */
export async function cancelMeeting(
  durably: DurableTransaction,
  at: number,
  current: Current & { start: number },
): Promise<void> {
  const sequence = current.sequence + 1
  await durably(async (trx) => {
    await trx
      .updateTable("meetings")
      .set({ status: "cancelled", sequence, updated_at: at })
      .where("id", "=", current.id)
      .execute()
    await trx.deleteFrom("meeting_cells").where("meeting_id", "=", current.id).execute()
    await queueMeetingMails(trx, { ...current, sequence }, "cancelled", at)
  })
}

/** Marks a meeting done or no-show; returns whether it exists. */
export async function setOutcome(
  db: Kysely<Database>,
  at: number,
  id: string,
  status: "done" | "no_show",
): Promise<boolean> {
  const result = await db
    .updateTable("meetings")
    .set({ status, updated_at: at })
    .where("id", "=", id)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}
