import { HttpError } from "../http-error"

// Why a booking, a reschedule or a cancel was refused, as the visitor reads it.
const REFUSALS: Record<string, [number, string]> = {
  unknown_type: [400, "This meeting type does not exist."],
  in_past: [422, "This time has passed: choose another slot."],
  inside_notice: [422, "This slot is too soon to be booked: choose a later one."],
  beyond_horizon: [422, "This slot is too far ahead to be booked yet."],
  outside_hours: [422, "Nobody can be booked at this time: choose one of the slots offered."],
  daily_cap: [422, "This day is fully booked: choose another day."],
  too_many_meetings: [422, "This address already holds three meetings to come."],
  slot_taken: [409, "Someone has just booked this slot: choose another one."],
  not_found: [404, "This link is unknown."],
  token_expired: [410, "This link has expired: the meeting is over."],
  not_active: [409, "This meeting is cancelled or over: it can no longer be changed."],
  not_started: [409, "This meeting has not started yet."],
}

export function refusal(reason: string): HttpError {
  const [status, message] = REFUSALS[reason] ?? [400, "This request cannot be met."]
  return new HttpError(status, reason, message)
}

/** An instant of the request, or a 400 naming the field. */
export function instantOf(value: string | undefined, field: string, fallback: number): number {
  if (value === undefined) return fallback
  const at = Date.parse(value)
  if (!Number.isFinite(at)) throw new HttpError(400, "bad_instant", `${field} is not an instant.`)
  return at
}
