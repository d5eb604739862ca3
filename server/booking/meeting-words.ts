import { pickTexts } from "../../content-kit/copy"
import type { Language } from "../../contract/languages"
import type { MeetingRecord } from "../store/meetings/meeting-record"
import { zoneLabel } from "./display"

// The words and readings of a meeting that its invitation, mails and feed share, from
// content/locales/<language>/meeting-mail.json.

/** The team reads its mails, invitations and feed in French, as its chat messages (webhook-body.ts). */
export const TEAM_LANGUAGE: Language = "fr"

export const MEETING_MAIL_NS = "meeting-mail"

/** The meeting's start and end on `zone`'s clock, in `language`, the zone named with its offset then. */
export function meetingTimes(meeting: MeetingRecord, zone: string, language: Language) {
  const day = new Intl.DateTimeFormat(language, {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: zone,
  })
  const clock = new Intl.DateTimeFormat(language, {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: zone,
  })
  return {
    date: day.format(meeting.start),
    time: clock.format(meeting.start),
    endTime: clock.format(meeting.end),
    // The offset tells the two passes of a repeated hour apart ("02:30 (UTC+2)", "(UTC+1)").
    zone: zoneLabel(zone, meeting.start),
  }
}

const capital = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1)

/**
 * The values every text of a meeting may use. `visitorTyped` adds what the visitor typed
 * (name, address, company): only texts for the team get it, since the visitor's address has
 * proved nothing (docs/BOOKING.md, "Invitations and mails").
 */
export function meetingValues(
  meeting: MeetingRecord,
  texts: Record<"brand" | `type.${MeetingRecord["type"]}`, string>,
  visitorTyped: boolean,
): Record<string, string> {
  const type = texts[`type.${meeting.type}`]
  const common = {
    brand: texts.brand,
    type,
    Type: capital(type),
    minutes: String(Math.round((meeting.end - meeting.start) / 60_000)),
    member: meeting.member.username,
  }
  if (!visitorTyped) return common
  return {
    ...common,
    name: meeting.name,
    email: meeting.email,
    company: meeting.company ? ` (${meeting.company})` : "",
    visitorZone: zoneLabel(meeting.zone, meeting.start),
  }
}

/** Texts of meeting-mail.json in `language`, with the meeting types' names. */
export function meetingTexts<K extends string>(
  contentDir: string,
  language: Language,
  keys: readonly K[],
) {
  return pickTexts(contentDir, MEETING_MAIL_NS, language, [
    ...keys,
    "type.demo",
    "type.consultation",
  ] as const)
}
