import type { BookingViewPayload, MeetingViewPayload } from "../../contract/booking"
import type { MeetingRecord } from "../store/meetings/meeting-record"

const iso = (ms: number) => new Date(ms).toISOString()

/** A meeting as its visitor sees it; the token only in the answer to the booking. */
export const bookingView = (meeting: MeetingRecord, token?: string): BookingViewPayload => ({
  id: meeting.id,
  type: meeting.type,
  status: meeting.status,
  start: iso(meeting.start),
  end: iso(meeting.end),
  zone: meeting.zone,
  language: meeting.language,
  name: meeting.name,
  sequence: meeting.sequence,
  ...(token ? { token } : {}),
})

export const meetingView = (meeting: MeetingRecord): MeetingViewPayload => ({
  id: meeting.id,
  messageId: meeting.messageId,
  type: meeting.type,
  status: meeting.status,
  start: iso(meeting.start),
  end: iso(meeting.end),
  zone: meeting.zone,
  language: meeting.language,
  name: meeting.name,
  email: meeting.email,
  company: meeting.company,
  member: { id: meeting.member.id, username: meeting.member.username },
  sequence: meeting.sequence,
})
