import type { Static } from "@sinclair/typebox"
import type {
  Availability,
  BookingSettings,
  FeedAnswer,
  MeetingTypeKey,
  MeetingTypeSettings,
  MeetingTypeView,
  MeetingViewPayload,
} from "../../../contract/booking"
import { queryString } from "../../api-client/request"
import { fetchPath } from "./admin-client"

// The admin's meetings (contract/endpoints/booking.ts, adminMeetingsEndpoints).

export type { MeetingTypeKey, MeetingViewPayload as Meeting }
export type AvailabilityInput = Static<typeof Availability>
export type BookingSettingsPayload = Static<typeof BookingSettings>
export type MemberAvailability = BookingSettingsPayload["members"][number]
export type MeetingTypeInput = Static<typeof MeetingTypeSettings>
export type MeetingType = Static<typeof MeetingTypeView>
export { MEETING_STATUSES, MEETING_TYPE_KEYS } from "../../../contract/booking"

async function json<T>(path: string, method = "GET", body?: unknown): Promise<T> {
  const init: RequestInit =
    body === undefined
      ? { method }
      : { method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }
  const response = await fetchPath(path, init)
  return (response.status === 204 ? null : response.json()) as Promise<T>
}

const id = (value: string) => encodeURIComponent(value)

export const listMeetings = (query: { from?: string; to?: string }) =>
  json<MeetingViewPayload[]>(`/api/admin/meetings${queryString(query)}`)

export const setMeetingOutcome = (meetingId: string, status: "done" | "no_show") =>
  json<MeetingViewPayload>(`/api/admin/meetings/${id(meetingId)}/outcome`, "POST", { status })

export const getBookingSettings = () => json<BookingSettingsPayload>("/api/admin/meetings/settings")

export const setAvailability = (memberId: string, availability: AvailabilityInput) =>
  json<BookingSettingsPayload>(
    `/api/admin/meetings/availability/${id(memberId)}`,
    "PUT",
    availability,
  )

export const setClosures = (dates: string[]) =>
  json<BookingSettingsPayload>("/api/admin/meetings/closures", "PUT", { dates })

export const setMeetingType = (key: MeetingTypeKey, settings: MeetingTypeInput) =>
  json<MeetingType>(`/api/admin/meetings/types/${id(key)}`, "PUT", settings)

export const renewMyFeed = () => json<Static<typeof FeedAnswer>>("/api/admin/meetings/feed", "POST")

export const revokeMyFeed = () => json<null>("/api/admin/meetings/feed", "DELETE")
