import type { FastifyBaseLogger } from "fastify"
import { manageUrl } from "../booking/manage-link"
import { meetingMail } from "../mail/meeting-mail"
import type {
  MeetingMailEvent,
  MeetingMailPayload,
  MeetingRecord,
} from "../store/meetings/meeting-record"
import type { OutboxRow } from "../store/outbox"
import type { Clock } from "../store/query-helpers"
import { failed, type Outcome, type Sender, sent } from "./delivery"

/** What the meeting mails read of the store (the meetings repository has both). */
export interface MeetingMailStore {
  get(id: string): Promise<MeetingRecord | null>
  /**
   * A new reschedule-or-cancel token for the meeting, kept only hashed beside the others (the
   * link of an earlier mail keeps working); null once the meeting is gone.
   */
  mintToken(id: string): Promise<string | null>
}

export type SkipReason =
  "meeting_gone" | "no_member_address" | "superseded" | "cancelled" | "over" | "started"

const REMINDERS: readonly MeetingMailEvent[] = ["reminder_24h", "reminder_1h"]
const EVENTS: readonly MeetingMailEvent[] = ["booked", "rescheduled", "cancelled", ...REMINDERS]

/**
 * Why a meeting mail is no longer worth sending, or null. Every change of a meeting writes its
 * own mails, so a booking or reschedule mail of an older SEQUENCE is superseded by the newer
 * one, and so is a reminder (it would give the old time); a reminder is dropped too once the
 * meeting is cancelled, over or started.
 */
export function skipReason(
  meeting: MeetingRecord | null,
  payload: MeetingMailPayload,
  now: number,
): SkipReason | null {
  if (!meeting) return "meeting_gone"
  if (payload.to === "member" && !meeting.member.email) return "no_member_address"
  if (payload.event === "cancelled") return null
  if (payload.sequence !== meeting.sequence) return "superseded"
  if (meeting.status === "cancelled") return "cancelled"
  if (!REMINDERS.includes(payload.event)) return null
  if (meeting.status === "done" || meeting.status === "no_show") return "over"
  return meeting.start <= now ? "started" : null
}

function readPayload(row: OutboxRow): MeetingMailPayload | null {
  try {
    const payload = JSON.parse(row.payload ?? "null") as Partial<MeetingMailPayload> | null
    return payload &&
      typeof payload.meetingId === "string" &&
      EVENTS.includes(payload.event!) &&
      (payload.to === "visitor" || payload.to === "member") &&
      Number.isInteger(payload.sequence)
      ? (payload as MeetingMailPayload)
      : null
  } catch {
    return null
  }
}

export interface MeetingMailDeps {
  meetings: MeetingMailStore
  send(mail: ReturnType<typeof meetingMail>): Promise<Outcome>
  log: FastifyBaseLogger
  now: Clock
  contentDir: string
  siteUrl: string
  mailFrom: string
  /** The company's sales address: the invitations' ORGANIZER and the visitor's Reply-To. */
  organizer: string
}

/**
 * The outbox's "meeting_mail" kind. The meeting is read when the mail is sent, so the mail
 * says what holds then; a mail that no longer applies is marked sent without being sent, with
 * a log line naming why. The visitor's link token is minted for this attempt and kept only
 * hashed: the row holds none (docs/SECURITY.md, "No link token in the outbox").
 */
export function meetingMailSender(deps: MeetingMailDeps): Sender {
  return async (row) => {
    const payload = readPayload(row)
    if (!payload) return failed("the meeting mail's payload cannot be read")
    const meeting = await deps.meetings.get(payload.meetingId)
    const skip = skipReason(meeting, payload, deps.now())
    const context = { deliveryId: row.id, ...payload }
    if (skip || !meeting) {
      deps.log.info({ ...context, reason: skip }, "meeting mail dropped")
      return sent()
    }
    const linked = payload.to === "visitor" && payload.event !== "cancelled"
    const token = linked ? await deps.meetings.mintToken(meeting.id) : null
    if (linked && !token) {
      deps.log.info({ ...context, reason: "meeting_gone" }, "meeting mail dropped")
      return sent()
    }
    return deps.send(
      meetingMail(meeting, payload.event, payload.to, {
        ...deps,
        now: deps.now(),
        deliveryId: row.id,
        manageUrl: token ? manageUrl(deps.siteUrl, meeting.language, token) : null,
      }),
    )
  }
}
