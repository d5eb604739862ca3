import fs from "node:fs"
import path from "node:path"
import { CONTENT_DIR, calendarOptions, meetingRecord } from "../booking/meeting-fixtures"
import type { MeetingMailEvent } from "../store/meetings/meeting-record"
import { meetingMail, type MeetingRecipient } from "./meeting-mail"

const words = (language: string) =>
  JSON.parse(
    fs.readFileSync(path.join(CONTENT_DIR, "locales", language, "meeting-mail.json"), "utf8"),
  )
/** A template of the locale file as a pattern: the mail must be it, each {{value}} filled in. */
const shapeOf = (template: string) =>
  new RegExp(
    "^" +
      template
        .split(/\{\{\w+\}\}/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
        .join("[^]+?") +
      "$",
  )
const MANAGE = "https://www.example.com/de/contact/booking/manage?token=t0k3n"
const options = (deliveryId = "d-1") => ({
  ...calendarOptions(),
  mailFrom: "no-reply@example.com",
  deliveryId,
  manageUrl: MANAGE,
})

describe("meeting mails", () => {
  // 07:00Z on 28 March 2027: 11:00 in Dubai (UTC+4, no DST), 09:00 in Paris (UTC+2 since 01:00Z).
  const EVENTS: MeetingMailEvent[] = [
    "booked",
    "rescheduled",
    "cancelled",
    "reminder_24h",
    "reminder_1h",
  ]

  it.each(["fr", "en", "de"] as const)(
    "reach the visitor in their language (%s), at their zone's time, with the link",
    (language) => {
      for (const event of EVENTS) {
        const mail = meetingMail(meetingRecord({ language }), event, "visitor", options())
        const texts = words(language).visitor[event]
        expect(mail.subject).toMatch(shapeOf(texts.subject))
        expect(mail.text).toMatch(shapeOf(texts.body))
        expect(mail.to).toBe("ada@visitor.example")
        expect(mail.subject + mail.text).toContain("11:00")
        expect(mail.text).toContain("Asia/Dubai (UTC+4)")
        if (event !== "cancelled") expect(mail.text).toContain(MANAGE)
        expect(mail.subject + mail.text).not.toContain("Ada Visitor")
        expect(mail.subject + mail.text).not.toContain("Visitor Ltd")
      }
    },
  )

  it("reach the member in French, at the member's zone's time, with the visitor's details", () => {
    for (const event of EVENTS) {
      const mail = meetingMail(meetingRecord(), event, "member", options())
      const texts = words("fr").member[event]
      expect(mail.subject).toMatch(shapeOf(texts.subject))
      expect(mail.text).toMatch(shapeOf(texts.body))
      expect(mail.to).toBe("claire@example.com")
      expect(mail.subject).toContain("09:00")
      expect(mail.subject).toContain("Ada Visitor (Visitor Ltd)")
      expect(mail.text).toContain("Europe/Paris (UTC+2)")
      expect(mail.text).not.toContain(MANAGE)
    }
  })

  it.each([
    ["booked", "REQUEST"],
    ["rescheduled", "REQUEST"],
    ["cancelled", "CANCEL"],
    ["reminder_24h", undefined],
    ["reminder_1h", undefined],
  ] as const)("%s carries the invitation as %s", (event, method) => {
    for (const to of ["visitor", "member"] as MeetingRecipient[]) {
      const mail = meetingMail(
        meetingRecord({ status: event === "cancelled" ? "cancelled" : "booked" }),
        event,
        to,
        options(),
      )
      expect(mail.icalEvent?.method).toBe(method)
      if (method) expect(mail.icalEvent!.content).toContain(`METHOD:${method}`)
    }
  })

  it("name the delivery in Message-ID, so a resent mail is the same one", () => {
    expect(meetingMail(meetingRecord(), "booked", "visitor", options("d-42")).messageId).toBe(
      "<d-42@www.example.com>",
    )
  })
})
