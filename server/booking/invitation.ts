import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  type ICalEventData,
  ICalEventStatus,
} from "ical-generator"
import { fill } from "../../content-kit/copy"
import type { Language } from "../../contract/languages"
import type { MeetingRecord } from "../store/meetings/meeting-record"
import { meetingTexts, meetingValues, TEAM_LANGUAGE } from "./meeting-words"

export interface CalendarOptions {
  contentDir: string
  siteUrl: string
  /** The company's sales address: ORGANIZER, so attendees' answers go to the team. */
  organizer: string
  /** DTSTAMP: when this copy is written. */
  now: number
}

export type InvitationCopy =
  /** The visitor's: their language, the link that reschedules or cancels (with its token). */
  | { for: "visitor"; manageUrl: string }
  /** The member's: the team's language, the meeting's lead in the admin. */
  | { for: "member" }

/** PRODID: the site that wrote the calendar. */
export const productId = (siteUrl: string) => ({
  company: new URL(siteUrl).hostname,
  product: "booking",
})

/** The iCalendar UID: the stored one, with the site's host when it has no domain part. */
export const eventUid = (meeting: MeetingRecord, siteUrl: string) =>
  meeting.uid.includes("@") ? meeting.uid : `${meeting.uid}@${new URL(siteUrl).hostname}`

export const adminUrl = (meeting: MeetingRecord, siteUrl: string) =>
  `${siteUrl}/admin/messages/${meeting.messageId}`

/**
 * The meeting as one VEVENT, in the words of `copy`'s reader. DTSTART and DTEND are UTC
 * instants ("...Z"), so every calendar shows the same moment whatever its zone. The visitor's
 * copy carries nothing the visitor typed: their address proved nothing, and the company's
 * mail must not repeat a stranger's text to it.
 */
export function meetingEvent(
  meeting: MeetingRecord,
  copy: InvitationCopy,
  options: CalendarOptions,
): ICalEventData {
  const visitor = copy.for === "visitor"
  const language: Language = visitor ? meeting.language : TEAM_LANGUAGE
  const texts = meetingTexts(options.contentDir, language, [
    visitor ? "calendar.visitorSummary" : "calendar.memberSummary",
    visitor ? "calendar.visitorDescription" : "calendar.memberDescription",
  ])
  const url = visitor ? copy.manageUrl : adminUrl(meeting, options.siteUrl)
  const values = {
    ...meetingValues(meeting, texts, !visitor),
    manageUrl: url,
    adminUrl: url,
    zone: meeting.zone,
  }
  const [summary, description] = visitor
    ? [texts["calendar.visitorSummary"], texts["calendar.visitorDescription"]]
    : [texts["calendar.memberSummary"], texts["calendar.memberDescription"]]
  return {
    id: eventUid(meeting, options.siteUrl),
    sequence: meeting.sequence,
    stamp: new Date(options.now),
    start: new Date(meeting.start),
    end: new Date(meeting.end),
    summary: fill(summary, values),
    description: fill(description, values),
    url,
    status: meeting.status === "cancelled" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: texts.brand, email: options.organizer },
  }
}

function attendees(meeting: MeetingRecord, copy: InvitationCopy) {
  const visitor = {
    email: meeting.email,
    // The name is the visitor's typing: only the member's copy shows it.
    name: copy.for === "member" ? meeting.name : null,
    role: ICalAttendeeRole.REQ,
    status: ICalAttendeeStatus.NEEDSACTION,
    rsvp: true,
  }
  const member = meeting.member.email && {
    email: meeting.member.email,
    name: meeting.member.username,
    role: ICalAttendeeRole.REQ,
    status: ICalAttendeeStatus.ACCEPTED,
  }
  return member ? [visitor, member] : [visitor]
}

/**
 * The invitation (RFC 5546): METHOD:REQUEST for a booking and each reschedule (the same UID,
 * SEQUENCE raised, so calendars move the event), METHOD:CANCEL once cancelled.
 */
export function invitation(
  meeting: MeetingRecord,
  method: "REQUEST" | "CANCEL",
  options: CalendarOptions & { copy: InvitationCopy },
): string {
  const calendar = ical({
    prodId: productId(options.siteUrl),
    method: method === "CANCEL" ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  })
  const event = meetingEvent(meeting, options.copy, options)
  calendar.createEvent({
    ...event,
    status: method === "CANCEL" ? ICalEventStatus.CANCELLED : event.status,
    attendees: attendees(meeting, options.copy),
  })
  return calendar.toString()
}
