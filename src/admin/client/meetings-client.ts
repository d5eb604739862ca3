import type { Static } from "@sinclair/typebox"
import type {
  Availability,
  BookingSettings,
  MeetingTypeKey,
  MeetingTypeSettings,
  MeetingTypeView,
  MeetingViewPayload,
} from "../../../contract/booking"

// The admin's meetings' types (contract/booking.ts): the views call `call(endpoints.x, ...)`
// (admin-client.ts) with the entries of contract/endpoints/booking.ts, adminMeetingsEndpoints.

export type { MeetingTypeKey, MeetingViewPayload as Meeting }
export type AvailabilityInput = Static<typeof Availability>
export type BookingSettingsPayload = Static<typeof BookingSettings>
export type MemberAvailability = BookingSettingsPayload["members"][number]
export type MeetingTypeInput = Static<typeof MeetingTypeSettings>
export type MeetingType = Static<typeof MeetingTypeView>
export { MEETING_STATUSES, MEETING_TYPE_KEYS } from "../../../contract/booking"
