import type { MeetingStatus, MeetingTypeKey } from "../../../contract/booking"
import type { Language } from "../../../contract/languages"

// A meeting as the store keeps it and as the invitation, the mails, the reminders and the
// member's feed read it. Instants are UTC milliseconds.

export type MeetingRecord = {
  id: string
  /** The lead (messages row, kind "meeting") it belongs to: erasing the lead erases it. */
  messageId: string
  type: MeetingTypeKey
  status: MeetingStatus
  start: number
  /** The meeting's end, without the buffer. */
  end: number
  /** The visitor's zone: the times written in mails to the visitor are read on it. */
  zone: string
  language: Language
  name: string
  email: string
  company: string | null
  member: { id: string; username: string; email: string | null; zone: string }
  /** The invitation's UID: fixed at booking, kept by every reschedule. */
  uid: string
  /** RFC 5545 SEQUENCE: 0 at booking, raised by each reschedule and by the cancel. */
  sequence: number
}

/** What sets off a meeting mail: each is an outbox row (kind "meeting_mail") with this payload. */
export type MeetingMailEvent =
  "booked" | "rescheduled" | "cancelled" | "reminder_24h" | "reminder_1h"
export type MeetingMailPayload = {
  meetingId: string
  event: MeetingMailEvent
  to: "visitor" | "member"
  /** The meeting's SEQUENCE when the row was written: a reminder of an older one is dropped. */
  sequence: number
}
