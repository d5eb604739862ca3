import { DateTime } from "luxon"
import type {
  BookedMeeting,
  Closures,
  MeetingType,
  MemberAvailability,
} from "../store/meetings/booking-types"
import { MINUTE, type Reading, zoneClock } from "./clock"
import { COMPANY_ZONE } from "./defaults"
import { TICK, weeklyHours } from "./hours"

/** Why one member cannot take a start; the booking's refusals are named after these. */
export type MemberVerdict = "free" | "outside_hours" | "slot_taken" | "daily_cap"

export type Rules = {
  type: MeetingType
  closures: Closures
  booked: readonly BookedMeeting[]
  /** Minutes between two starts on the member's clock: 15, 30 or 60. */
  step: number
}

export const DEFAULT_STEP = 30
const STEPS = [15, 30, 60]

/** What all members share over the starts of [from, to): the quarter-hour ticks that a meeting
 * starting there may cover, and which of them fall on a company closure day. */
export type Window = {
  rules: Rules
  first: number
  ticks: number
  closed: boolean[]
  length: number
}

export function bookingWindow(rules: Rules, from: number, to: number): Window {
  if (!STEPS.includes(rules.step)) throw new RangeError(`step must be one of ${STEPS.join(", ")}`)
  checkMeetingType(rules.type)
  const length = (rules.type.durationMinutes + rules.type.bufferAfterMinutes) * MINUTE
  const first = Math.floor(from / TICK) * TICK
  const ticks = Math.max(0, Math.ceil((to + length - first) / TICK))
  const company = zoneClock(COMPANY_ZONE, first, first + ticks * TICK)
  const closures = new Set(rules.closures)
  const closed = Array.from({ length: ticks }, (_, i) =>
    closures.has(company(first + i * TICK).date),
  )
  return { rules, first, ticks, closed, length }
}

/** The verdict of one member on each start of the window. */
export function memberSchedule(window: Window, member: MemberAvailability) {
  const { rules, first, ticks, length } = window
  const clock = zoneClock(member.zone, first, first + ticks * TICK)
  const inHours = weeklyHours(member.weekly)
  const readings = Array.from({ length: ticks }, (_, i) => clock(first + i * TICK))
  // openRun[i]: how many ticks from the i-th on the member works without a closure.
  const openRun = new Array<number>(ticks + 1).fill(0)
  for (let i = ticks - 1; i >= 0; i -= 1)
    openRun[i] = !window.closed[i] && inHours(readings[i]) ? openRun[i + 1] + 1 : 0
  const needed = Math.ceil(length / TICK)
  const timeOff = member.timeOff.map((period) => ({
    start: instantOf(period.start, member.zone),
    end: instantOf(period.end, member.zone),
  }))
  const booked = rules.booked.filter((meeting) => meeting.memberId === member.memberId)
  const perDay = countByDay(
    booked.filter((meeting) => meeting.typeKey === rules.type.key),
    clock,
  )

  return (start: number): MemberVerdict => {
    const tick = (start - first) / TICK
    if (!member.bookable || !Number.isInteger(tick) || tick < 0 || tick >= ticks)
      return "outside_hours"
    const reading = readings[tick]
    if (reading.minuteOfDay % rules.step !== 0 || openRun[tick] < needed) return "outside_hours"
    const end = start + length
    const overlaps = (busy: { start: number; end: number }) => busy.start < end && start < busy.end
    if (timeOff.some(overlaps)) return "outside_hours"
    if (booked.some(overlaps)) return "slot_taken"
    if ((perDay.get(reading.date) ?? 0) >= rules.type.dailyCap) return "daily_cap"
    return "free"
  }
}

function checkMeetingType(type: MeetingType) {
  const { durationMinutes, bufferAfterMinutes, minNoticeMinutes, horizonDays, dailyCap } = type
  const counts = { bufferAfterMinutes, minNoticeMinutes, horizonDays, dailyCap }
  for (const [name, value] of Object.entries({ durationMinutes, ...counts })) {
    const least = name === "durationMinutes" ? 1 : 0
    if (!Number.isInteger(value) || value < least)
      throw new RangeError(`meeting type ${type.key}: ${name} must be a whole number from ${least}`)
  }
}

function instantOf(iso: string, zone: string): number {
  const instant = DateTime.fromISO(iso, { zone })
  if (!instant.isValid) throw new RangeError(`time off is not an ISO 8601 instant: ${iso}`)
  return instant.toMillis()
}

function countByDay(meetings: readonly BookedMeeting[], clock: (at: number) => Reading) {
  const counts = new Map<string, number>()
  for (const { start } of meetings) {
    const { date } = clock(start)
    counts.set(date, (counts.get(date) ?? 0) + 1)
  }
  return counts
}
