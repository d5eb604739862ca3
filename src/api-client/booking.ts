import type {
  BookingPayload,
  BookingViewPayload,
  MeetingTypeKey,
  SlotsPayload,
} from "../../contract/booking"
import { apiUrl } from "./api-url"

// The booking page's calls (contract/endpoints/booking.ts). Loaded with the booking page only.

export const bookingFormAction = apiUrl("/api/booking")
export const rescheduleFormAction = apiUrl("/api/booking/reschedule")
export const cancelFormAction = apiUrl("/api/booking/cancel")
export const invitationUrl = (token: string) =>
  apiUrl(`/api/booking/invitation.ics?token=${encodeURIComponent(token)}`)

/** What a booking, a reschedule or a cancel came to. */
export type BookingOutcome =
  | { kind: "done"; booking: BookingViewPayload }
  | { kind: "taken" | "invalid" | "unknown" | "failed" }

async function send(path: string, body: unknown): Promise<BookingOutcome> {
  try {
    const response = await fetch(apiUrl(path), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    })
    if (response.ok) return { kind: "done", booking: (await response.json()) as BookingViewPayload }
    if (response.status === 409) return { kind: "taken" }
    if (response.status === 404) return { kind: "unknown" }
    return { kind: response.status < 500 && response.status !== 429 ? "invalid" : "failed" }
  } catch {
    return { kind: "failed" }
  }
}

export const bookMeeting = (body: BookingPayload) => send("/api/booking", body)
export const rescheduleBooking = (token: string, start: string, zone: string) =>
  send("/api/booking/reschedule", { token, start, zone })
export const cancelBooking = (token: string) => send("/api/booking/cancel", { token })

export async function fetchSlots(type: MeetingTypeKey): Promise<SlotsPayload | null> {
  try {
    const response = await fetch(apiUrl(`/api/booking/slots?type=${type}`))
    return response.ok ? ((await response.json()) as SlotsPayload) : null
  } catch {
    return null
  }
}

export async function fetchBooking(token: string): Promise<BookingOutcome> {
  try {
    const response = await fetch(apiUrl(`/api/booking/manage?token=${encodeURIComponent(token)}`))
    if (response.ok) return { kind: "done", booking: (await response.json()) as BookingViewPayload }
    return { kind: response.status === 404 || response.status === 400 ? "unknown" : "failed" }
  } catch {
    return { kind: "failed" }
  }
}
