import { fill } from "../../content-kit/copy"
import type { Language } from "../../contract/languages"
import { adminUrl, type CalendarOptions, invitation } from "../booking/invitation"
import { meetingTexts, meetingTimes, meetingValues, TEAM_LANGUAGE } from "../booking/meeting-words"
import type { MeetingMailEvent, MeetingRecord } from "../store/meetings/meeting-record"
import { messageIdHeader } from "./message-id"

export type MeetingRecipient = "visitor" | "member"

export interface MeetingMailOptions extends CalendarOptions {
  mailFrom: string
  deliveryId: string
  /** The visitor's reschedule-or-cancel link, minted for this mail (none in the member's). */
  manageUrl: string | null
}

/** The invitation each event carries: the booking and its moves ask, the cancel withdraws. */
const METHODS: Partial<Record<MeetingMailEvent, "REQUEST" | "CANCEL">> = {
  booked: "REQUEST",
  rescheduled: "REQUEST",
  cancelled: "CANCEL",
}

/**
 * A meeting mail: its subject and text from content/locales/<language>/meeting-mail.json,
 * `visitor.<event>` or `member.<event>`, with the invitation attached when the event changes
 * the calendar. The visitor's is in their language with the times on their zone; the member's
 * in the team's language (French) on the member's zone. The visitor's carries nothing they
 * typed (their address has proved nothing, as for the contact form's acknowledgement).
 */
export function meetingMail(
  meeting: MeetingRecord,
  event: MeetingMailEvent,
  to: MeetingRecipient,
  options: MeetingMailOptions,
) {
  const language: Language = to === "visitor" ? meeting.language : TEAM_LANGUAGE
  const zone = to === "visitor" ? meeting.zone : meeting.member.zone
  const texts = meetingTexts(options.contentDir, language, [
    `${to}.${event}.subject`,
    `${to}.${event}.body`,
  ] as const)
  const values = {
    ...meetingValues(meeting, texts, to === "member"),
    ...meetingTimes(meeting, zone, language),
    siteUrl: options.siteUrl,
    manageUrl: options.manageUrl ?? options.siteUrl,
    adminUrl: adminUrl(meeting, options.siteUrl),
  }
  const method = METHODS[event]
  const copy =
    to === "visitor"
      ? { for: "visitor" as const, manageUrl: options.manageUrl ?? options.siteUrl }
      : { for: "member" as const }
  return {
    from: options.mailFrom,
    to: to === "visitor" ? meeting.email : meeting.member.email!,
    replyTo: to === "visitor" ? options.organizer : { name: meeting.name, address: meeting.email },
    subject: fill(texts[`${to}.${event}.subject`], values),
    text: fill(texts[`${to}.${event}.body`], values),
    messageId: messageIdHeader(options.deliveryId, options.siteUrl),
    headers: { "Auto-Submitted": "auto-generated" },
    // nodemailer's calendar part: text/calendar; method=REQUEST (or CANCEL), which mail
    // clients show as an invitation to accept, and as a file too.
    icalEvent: method && {
      method,
      filename: "invitation.ics",
      content: invitation(meeting, method, { ...options, copy }),
    },
  }
}
