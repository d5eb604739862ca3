import { Type } from "@sinclair/typebox"
import { IdParams } from "../admin"
import {
  Availability,
  BookingBody,
  BookingSettings,
  BookingView,
  CancelBody,
  ClosuresBody,
  FeedAnswer,
  FeedParams,
  ManageQuery,
  MeetingsQuery,
  MeetingTypeSettings,
  MeetingTypeView,
  MeetingView,
  OutcomeBody,
  RescheduleBody,
  SlotsAnswer,
  SlotsQuery,
} from "../booking"
import { FormPostAnswers, NoBody } from "../errors"
import { endpoint } from "./define"

/** Text a calendar reads (RFC 5545); documented here, sent as text/calendar. */
const Calendar = Type.String({ description: "text/calendar" })

/** The visitor's side of booking a meeting: slots, the booking, its reschedule-or-cancel link. */
export const bookingEndpoints = {
  listSlots: endpoint({
    method: "GET",
    path: "/api/booking/slots",
    summary: "The bookable starts of a meeting type, UTC, from now + notice to the horizon",
    access: "public",
    query: SlotsQuery,
    answers: { 200: SlotsAnswer },
  }),
  bookMeeting: endpoint({
    method: "POST",
    path: "/api/booking",
    summary: "Book a slot (409 slot_taken when someone was faster); a lead of kind meeting",
    access: "public",
    body: BookingBody,
    answers: { 201: BookingView, ...FormPostAnswers },
    formEncoded: true,
  }),
  getBooking: endpoint({
    method: "GET",
    path: "/api/booking/manage",
    summary: "A booking as its reschedule-or-cancel link shows it",
    access: "public",
    query: ManageQuery,
    answers: { 200: BookingView },
  }),
  getBookingInvitation: endpoint({
    method: "GET",
    path: "/api/booking/invitation.ics",
    summary: "A booking's iCalendar invitation (METHOD:REQUEST, or CANCEL once cancelled)",
    access: "public",
    query: ManageQuery,
    answers: { 200: Calendar },
  }),
  rescheduleBooking: endpoint({
    method: "POST",
    path: "/api/booking/reschedule",
    summary: "Move a booking to another slot: same UID, SEQUENCE + 1",
    access: "public",
    body: RescheduleBody,
    answers: { 200: BookingView, ...FormPostAnswers },
    formEncoded: true,
  }),
  cancelBooking: endpoint({
    method: "POST",
    path: "/api/booking/cancel",
    summary: "Cancel a booking: METHOD:CANCEL is mailed and the slot is free at once",
    access: "public",
    body: CancelBody,
    answers: { 200: BookingView, ...FormPostAnswers },
    formEncoded: true,
  }),
  getMemberFeed: endpoint({
    method: "GET",
    path: "/api/booking/feed/:token",
    summary: "A member's secret calendar subscription (ICS) of their upcoming meetings",
    access: "public",
    params: FeedParams,
    answers: { 200: Calendar },
  }),
}

/** The team's side: meetings by day, availability, closures, meeting types, feeds. */
export const adminMeetingsEndpoints = {
  listMeetings: endpoint({
    method: "GET",
    path: "/api/admin/meetings",
    summary: "Meetings between two instants (default: from now, 30 days), by start",
    access: "member",
    query: MeetingsQuery,
    answers: { 200: Type.Array(MeetingView) },
  }),
  setMeetingOutcome: endpoint({
    method: "POST",
    path: "/api/admin/meetings/:id/outcome",
    summary: "Mark a meeting that has started as done or no-show",
    access: "member",
    params: IdParams,
    body: OutcomeBody,
    answers: { 200: MeetingView },
  }),
  getBookingSettings: endpoint({
    method: "GET",
    path: "/api/admin/meetings/settings",
    summary: "Every member's availability, the closures and the meeting types",
    access: "member",
    answers: { 200: BookingSettings },
  }),
  setAvailability: endpoint({
    method: "PUT",
    path: "/api/admin/meetings/availability/:id",
    summary: "A member's hours, zone, time off and bookable switch (their own, or an owner)",
    access: "member",
    params: IdParams,
    body: Availability,
    answers: { 200: BookingSettings },
  }),
  setClosures: endpoint({
    method: "PUT",
    path: "/api/admin/meetings/closures",
    summary: "The company's closed days",
    access: "owner",
    body: ClosuresBody,
    answers: { 200: BookingSettings },
  }),
  setMeetingType: endpoint({
    method: "PUT",
    path: "/api/admin/meetings/types/:id",
    summary: "A meeting type's duration, buffer, notice, horizon and daily cap",
    access: "owner",
    params: IdParams,
    body: MeetingTypeSettings,
    answers: { 200: MeetingTypeView },
  }),
  renewMyFeed: endpoint({
    method: "POST",
    path: "/api/admin/meetings/feed",
    summary: "Make a new secret calendar URL for oneself (the old one stops working)",
    access: "member",
    answers: { 201: FeedAnswer },
  }),
  revokeMyFeed: endpoint({
    method: "DELETE",
    path: "/api/admin/meetings/feed",
    summary: "Revoke one's calendar URL",
    access: "member",
    answers: { 204: NoBody },
  }),
}
