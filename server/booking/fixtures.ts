// Test helpers: the booking rules with the noise turned off, and instants written in UTC.
import type { MeetingType, MemberAvailability } from "../store/meetings/booking-types"
import { defaultAvailability } from "./defaults"
import { slots, type SlotQuery } from "./slots"

export const iso = (at: number) => new Date(at).toISOString()
export const at = (isoString: string) => {
  const instant = Date.parse(isoString)
  if (Number.isNaN(instant)) throw new RangeError(isoString)
  return instant
}

/** A 30-minute meeting, no buffer, no notice, a horizon of ten years, no cap. */
export function meetingType(overrides: Partial<MeetingType> = {}): MeetingType {
  return {
    key: "demo",
    durationMinutes: 30,
    bufferAfterMinutes: 0,
    minNoticeMinutes: 0,
    horizonDays: 3650,
    dailyCap: 99,
    ...overrides,
  }
}

export function member(
  memberId: string,
  overrides: Partial<MemberAvailability> = {},
): MemberAvailability {
  return { ...defaultAvailability(memberId), ...overrides }
}

// Zones with every kind of rule: whole-hour DST both sides of the equator, a half-hour DST
// (Lord Howe), quarter-hour offsets, Morocco's Ramadan suspension, none at all.
export const ZONES = [
  "Europe/Paris",
  "America/New_York",
  "America/Santiago",
  "Africa/Casablanca",
  "Australia/Lord_Howe",
  "Asia/Kathmandu",
  "Asia/Dubai",
  "Asia/Riyadh",
  "America/St_Johns",
  "Asia/Kolkata",
  "Europe/London",
  "Pacific/Chatham",
]

export const NOW = at("2027-01-01T00:00:00Z")

/** The starts (ISO, UTC) offered for [from, to), with the defaults above. */
export function startsBetween(from: string, to: string, query: Partial<SlotQuery> = {}): string[] {
  return slotsBetween(from, to, query).map(({ start }) => iso(start))
}

export function slotsBetween(from: string, to: string, query: Partial<SlotQuery> = {}) {
  return slots({
    type: meetingType(),
    members: [member("a")],
    closures: [],
    booked: [],
    now: NOW,
    ...query,
    from: at(from),
    to: at(to),
  })
}
