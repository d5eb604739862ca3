import type { MeetingRecord } from "./meeting-record"

// A member's calendar subscription. The meeting mails' builder (ical-generator) replaces this
// with the full feed; until then each meeting is a bare VEVENT with its UID, SEQUENCE and times.

const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, "").replace(/\.\d+/, "")

/** RFC 5545 text of a member's meetings, lines ending in CRLF. */
export function memberFeed(meetings: readonly MeetingRecord[], now: number): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//booking//feed//EN"]
  for (const meeting of meetings)
    lines.push(
      "BEGIN:VEVENT",
      `UID:${meeting.uid}`,
      `SEQUENCE:${meeting.sequence}`,
      `DTSTAMP:${stamp(now)}`,
      `DTSTART:${stamp(meeting.start)}`,
      `DTEND:${stamp(meeting.end)}`,
      `SUMMARY:${meeting.type} ${meeting.name.replace(/[\\;,\r\n]/g, " ")}`,
      "END:VEVENT",
    )
  lines.push("END:VCALENDAR")
  return `${lines.join("\r\n")}\r\n`
}
