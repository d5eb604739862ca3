import ical, { ICalCalendarMethod } from "ical-generator"
import { fill } from "../../content-kit/copy"
import type { MeetingRecord } from "../store/meetings/meeting-record"
import { type CalendarOptions, meetingEvent, productId } from "./invitation"
import { meetingTexts, TEAM_LANGUAGE } from "./meeting-words"

/**
 * A member's calendar subscription (METHOD:PUBLISH): each meeting that has not ended and is
 * not cancelled, with the invitation's UID and SEQUENCE, so a calendar that got the invitation
 * too shows one event. A cancelled meeting is left out: a subscribed calendar removes an
 * event the feed no longer has at its next refresh. No ATTENDEE (RFC 5546 forbids it in a
 * PUBLISH), so no calendar offers to answer it.
 */
export function memberFeed(
  meetings: MeetingRecord[],
  options: CalendarOptions & { member: string },
): string {
  const texts = meetingTexts(options.contentDir, TEAM_LANGUAGE, ["calendar.feedName"])
  const calendar = ical({
    prodId: productId(options.siteUrl),
    method: ICalCalendarMethod.PUBLISH,
    name: fill(texts["calendar.feedName"], { brand: texts.brand, member: options.member }),
    // Calendars poll a subscription at their own pace; this asks for an hour at most.
    ttl: 3600,
  })
  for (const meeting of meetings) {
    if (meeting.status === "cancelled" || meeting.end <= options.now) continue
    calendar.createEvent(meetingEvent(meeting, { for: "member" }, options))
  }
  return calendar.toString()
}
