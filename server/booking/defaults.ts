import type { MeetingType, MemberAvailability, WeeklyHours } from "../store/meetings/booking-types"

/** The company's zone: closures are its dates, and the default hours are read on its clock. */
export const COMPANY_ZONE = "Europe/Paris"

const DAY_HOURS = [{ start: "09:00", end: "18:00" }]

/** The opening hours of the spec: Monday to Friday, 9:00-18:00 Paris time. */
export const OPENING_HOURS: WeeklyHours = {
  1: DAY_HOURS,
  2: DAY_HOURS,
  3: DAY_HOURS,
  4: DAY_HOURS,
  5: DAY_HOURS,
}

const RULES = { bufferAfterMinutes: 15, minNoticeMinutes: 240, horizonDays: 30 }

export const MEETING_TYPES: readonly MeetingType[] = [
  { key: "demo", durationMinutes: 30, dailyCap: 6, ...RULES },
  { key: "consultation", durationMinutes: 45, dailyCap: 4, ...RULES },
]

export function defaultAvailability(memberId: string): MemberAvailability {
  return { memberId, zone: COMPANY_ZONE, bookable: true, weekly: OPENING_HOURS, timeOff: [] }
}
