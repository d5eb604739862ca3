import fs from "node:fs"
import path from "node:path"
import ICAL from "ical.js"
import { fill } from "../../content-kit/copy"
import type { MeetingRecord } from "../store/meetings/meeting-record"
import { memberFeed } from "./feed"
import { invitation } from "./invitation"
import { CONTENT_DIR, calendarOptions, meetingRecord } from "./meeting-fixtures"

// Read back with Mozilla's ical.js, an independent reader, not with the writer's own code.
const parse = (text: string) => new ICAL.Component(ICAL.parse(text))
const events = (text: string) =>
  parse(text)
    .getAllSubcomponents("vevent")
    .map((vevent) => new ICAL.Event(vevent))

const words = (language: string) =>
  JSON.parse(
    fs.readFileSync(path.join(CONTENT_DIR, "locales", language, "meeting-mail.json"), "utf8"),
  )
const MANAGE = "https://www.example.com/en/contact/booking/manage?token=t0k3n"
const visitorCopy = { ...calendarOptions(), copy: { for: "visitor" as const, manageUrl: MANAGE } }
const memberCopy = { ...calendarOptions(), copy: { for: "member" as const } }

// Around Paris's clock changes of 2027: just after the skipped hour (03:30 +02:00 on 28 March)
// and in the second pass of the repeated one (02:30 +01:00 on 31 October).
const AROUND_CHANGES = [
  ["2027-03-28T01:30:00Z", "2027-03-28T02:00:00Z"],
  ["2027-10-31T01:30:00Z", "2027-10-31T02:15:00Z"],
].map(([start, end]) => meetingRecord({ start: Date.parse(start), end: Date.parse(end) }))

describe("invitation", () => {
  it.each(AROUND_CHANGES)("gives the meeting's instants in UTC ($start)", (meeting) => {
    for (const copy of [visitorCopy, memberCopy]) {
      const [event] = events(invitation(meeting, "REQUEST", copy))
      expect(event.startDate.toJSDate().getTime()).toBe(meeting.start)
      expect(event.endDate.toJSDate().getTime()).toBe(meeting.end)
      // UTC instants, not a zone's wall clock: no VTIMEZONE for a reader to get wrong.
      expect(event.startDate.zone.tzid).toBe("UTC")
      expect(event.endDate.zone.tzid).toBe("UTC")
    }
  })

  it("is a REQUEST with the visitor to answer, the team as organizer, the manage link", () => {
    const calendar = parse(invitation(meetingRecord(), "REQUEST", visitorCopy))
    expect(calendar.getFirstPropertyValue("method")).toBe("REQUEST")
    const vevent = calendar.getFirstSubcomponent("vevent")!
    expect(vevent.getFirstPropertyValue("uid")).toBe("6f1c2a9e-booking@www.example.com")
    expect(vevent.getFirstPropertyValue("sequence")).toBe(0)
    expect(vevent.getFirstPropertyValue("status")).toBe("CONFIRMED")
    expect(vevent.getFirstPropertyValue("organizer")).toBe("mailto:sales@example.com")
    expect(vevent.getFirstPropertyValue("url")).toBe(MANAGE)
    const [visitor, member] = vevent.getAllProperties("attendee")
    expect(String(visitor.getFirstValue()).toLowerCase()).toBe("mailto:ada@visitor.example")
    expect(visitor.getParameter("rsvp")).toBe("TRUE")
    expect(visitor.getParameter("partstat")).toBe("NEEDS-ACTION")
    expect(String(member.getFirstValue()).toLowerCase()).toBe("mailto:claire@example.com")
    expect(member.getParameter("partstat")).toBe("ACCEPTED")
  })

  it.each(["fr", "en", "de"] as const)(
    "speaks the visitor's language (%s), without their typing",
    (language) => {
      const meeting = meetingRecord({ language })
      const [event] = events(invitation(meeting, "REQUEST", visitorCopy))
      const texts = words(language)
      const type = texts.type.demo as string
      const values = {
        brand: "Mesurea",
        type,
        Type: type.charAt(0).toUpperCase() + type.slice(1),
        minutes: "30",
        member: "claire",
        manageUrl: MANAGE,
      }
      expect(event.summary).toBe(fill(texts.calendar.visitorSummary, values))
      expect(event.description).toBe(fill(texts.calendar.visitorDescription, values))
      const text = invitation(meeting, "REQUEST", visitorCopy)
      expect(text).not.toContain("Ada Visitor")
      expect(text).not.toContain("Visitor Ltd")
    },
  )

  it("gives the member's copy in French with the visitor's details and the admin link", () => {
    const [event] = events(invitation(meetingRecord(), "REQUEST", memberCopy))
    expect(event.summary).toBe(
      fill(words("fr").calendar.memberSummary, {
        Type: "Démonstration",
        name: "Ada Visitor",
        company: " (Visitor Ltd)",
      }),
    )
    expect(event.description).toContain("ada@visitor.example")
    expect(event.component.getFirstPropertyValue("url")).toBe(
      "https://www.example.com/admin/messages/msg-1",
    )
  })

  it("keeps its UID across a reschedule and raises SEQUENCE; CANCEL withdraws it", () => {
    const booked = meetingRecord()
    const moved: MeetingRecord = {
      ...booked,
      status: "rescheduled",
      start: Date.parse("2027-10-31T01:30:00Z"),
      end: Date.parse("2027-10-31T02:00:00Z"),
      sequence: 1,
    }
    const cancelled: MeetingRecord = { ...moved, status: "cancelled", sequence: 2 }
    const [first] = events(invitation(booked, "REQUEST", visitorCopy))
    const [second] = events(invitation(moved, "REQUEST", visitorCopy))
    const cancel = parse(invitation(cancelled, "CANCEL", visitorCopy))
    const [third] = events(invitation(cancelled, "CANCEL", visitorCopy))
    expect(second.uid).toBe(first.uid)
    expect(third.uid).toBe(first.uid)
    expect([first.sequence, second.sequence, third.sequence]).toEqual([0, 1, 2])
    expect(second.startDate.toJSDate().getTime()).toBe(moved.start)
    expect(cancel.getFirstPropertyValue("method")).toBe("CANCEL")
    expect(third.component.getFirstPropertyValue("status")).toBe("CANCELLED")
  })

  it("keeps a UID that already names its domain as it is", () => {
    const [event] = events(
      invitation(meetingRecord({ uid: "abc@bookings.example.org" }), "REQUEST", memberCopy),
    )
    expect(event.uid).toBe("abc@bookings.example.org")
  })
})

describe("memberFeed", () => {
  const now = Date.parse("2027-03-20T00:00:00Z")
  const upcoming = AROUND_CHANGES.map((meeting, i) => ({
    ...meeting,
    id: `m${i}`,
    uid: `u${i}`,
    sequence: i,
  }))
  const cancelled = meetingRecord({ id: "gone", uid: "u-gone", status: "cancelled" })
  const past = meetingRecord({
    id: "past",
    uid: "u-past",
    status: "done",
    start: Date.parse("2027-03-19T09:00:00Z"),
    end: Date.parse("2027-03-19T09:30:00Z"),
  })
  const feed = memberFeed([...upcoming, cancelled, past], {
    ...calendarOptions(now),
    member: "claire",
  })

  it("publishes the upcoming meetings under their invitation's UID and SEQUENCE", () => {
    const calendar = parse(feed)
    expect(calendar.getFirstPropertyValue("method")).toBe("PUBLISH")
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe(
      fill(words("fr").calendar.feedName, { brand: "Mesurea", member: "claire" }),
    )
    const published = events(feed)
    expect(published.map((event) => event.uid)).toEqual([
      "u0@www.example.com",
      "u1@www.example.com",
    ])
    expect(published.map((event) => event.sequence)).toEqual([0, 1])
    const invited = events(invitation(upcoming[1], "REQUEST", memberCopy))[0]
    expect(published[1].uid).toBe(invited.uid)
    for (const [i, event] of published.entries()) {
      expect(event.startDate.toJSDate().getTime()).toBe(upcoming[i].start)
      expect(event.endDate.toJSDate().getTime()).toBe(upcoming[i].end)
    }
  })

  it("leaves out cancelled and finished meetings, and has no attendee to answer", () => {
    expect(feed).not.toContain("u-gone")
    expect(feed).not.toContain("u-past")
    expect(parse(feed).getFirstSubcomponent("vevent")!.getAllProperties("attendee")).toEqual([])
  })
})
