import type { MeetingType, Slot } from "../store/meetings/booking-types"
import { type MemberLoad, assign } from "./assign"
import { MINUTE } from "./clock"
import { bookingWindow, DEFAULT_STEP, memberSchedule, type MemberVerdict } from "./schedule"
import { bookableRange, type SlotQuery } from "./slots"

export type BookingRefusal =
  "unknown_type" | "in_past" | "inside_notice" | "beyond_horizon" | Exclude<MemberVerdict, "free">

export type BookingRequest = Omit<SlotQuery, "type" | "from" | "to"> & {
  types: readonly MeetingType[]
  typeKey: string
  start: number
  load?: ReadonlyMap<string, MemberLoad>
}

export type BookingDecision =
  { ok: true; memberId: string; slot: Slot } | { ok: false; reason: BookingRefusal }

// When no member is free, the refusal names what stood in the way of the members who work then.
const PRECEDENCE: readonly Exclude<MemberVerdict, "free">[] = ["slot_taken", "daily_cap"]

/** The same rules as `slots`, for one requested start: the member it goes to, or why not. */
export function validateBooking(request: BookingRequest): BookingDecision {
  const { start, now } = request
  const type = request.types.find(({ key }) => key === request.typeKey)
  if (!type) return { ok: false, reason: "unknown_type" }
  const { earliest, latest } = bookableRange(type, now)
  if (!Number.isFinite(start)) return { ok: false, reason: "outside_hours" }
  if (start < now) return { ok: false, reason: "in_past" }
  if (start < earliest) return { ok: false, reason: "inside_notice" }
  if (start > latest) return { ok: false, reason: "beyond_horizon" }
  const rules = { ...request, type, step: request.step ?? DEFAULT_STEP }
  const window = bookingWindow(rules, start, start + 1)
  const verdicts = request.members.map((member) => ({
    memberId: member.memberId,
    verdict: memberSchedule(window, member)(start),
  }))
  const memberIds = verdicts.filter(({ verdict }) => verdict === "free").map((v) => v.memberId)
  if (memberIds.length === 0) {
    const reason = PRECEDENCE.find((refusal) => verdicts.some((v) => v.verdict === refusal))
    return { ok: false, reason: reason ?? "outside_hours" }
  }
  const slot = { start, end: start + type.durationMinutes * MINUTE, memberIds: memberIds.sort() }
  return { ok: true, memberId: assign(slot, request.load ?? new Map()), slot }
}
