// Test helpers: a meeting as the store gives it, and the calendar options of the tests.
import path from "node:path"
import type { MeetingRecord } from "../store/meetings/meeting-record"

export const CONTENT_DIR = path.join(__dirname, "../../content")
export const SITE_URL = "https://www.example.com"

export const calendarOptions = (now = Date.parse("2027-03-01T00:00:00Z")) => ({
  contentDir: CONTENT_DIR,
  siteUrl: SITE_URL,
  organizer: "sales@example.com",
  now,
})

/** A 30-minute demo on the morning Paris moves to summer time, with a visitor in Dubai. */
export function meetingRecord(overrides: Partial<MeetingRecord> = {}): MeetingRecord {
  return {
    id: "m-1",
    messageId: "msg-1",
    type: "demo",
    status: "booked",
    // 09:00 Paris (UTC+2 since 01:00Z that day), 11:00 Dubai.
    start: Date.parse("2027-03-28T07:00:00Z"),
    end: Date.parse("2027-03-28T07:30:00Z"),
    zone: "Asia/Dubai",
    language: "en",
    name: "Ada Visitor",
    email: "ada@visitor.example",
    company: "Visitor Ltd",
    member: { id: "u-1", username: "claire", email: "claire@example.com", zone: "Europe/Paris" },
    uid: "6f1c2a9e-booking",
    sequence: 0,
    ...overrides,
  }
}
