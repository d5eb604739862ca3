import type { Weekday, WeeklyHours } from "../store/meetings/booking-types"
import { MINUTE, type Reading } from "./clock"

/** Slots, hours and the scan all sit on quarter hours: every zone's offset and every transition
 * in use is a whole number of quarter hours, so an instant on the UTC quarter-hour grid reads a
 * quarter hour on any clock. */
export const QUARTER_HOUR = 15
export const TICK = QUARTER_HOUR * MINUTE

type MinuteRange = { start: number; end: number }

/** "HH:MM" as minutes of the day; "24:00" is the day's end. */
function minutesOf(time: string): number {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(time)
  const minutes = match ? Number(match[1]) * 60 + Number(match[2]) : NaN
  if (!(minutes <= 24 * 60) || minutes % QUARTER_HOUR !== 0)
    throw new RangeError(`hours must be "HH:MM" on a quarter hour, up to "24:00": ${time}`)
  return minutes
}

/** Tells whether a wall-clock reading lies inside the weekly hours of its weekday. */
export function weeklyHours(weekly: WeeklyHours): (reading: Reading) => boolean {
  const days = new Map<Weekday, MinuteRange[]>()
  for (const [day, hours] of Object.entries(weekly)) {
    if (!/^[1-7]$/.test(day)) throw new RangeError(`weekdays are 1 (Monday) to 7 (Sunday): ${day}`)
    const ranges = (hours ?? []).map(({ start, end }) => {
      const range = { start: minutesOf(start), end: minutesOf(end) }
      if (range.start >= range.end)
        throw new RangeError(`hours end before they start: ${start}-${end}`)
      return range
    })
    days.set(Number(day) as Weekday, ranges)
  }
  return ({ weekday, minuteOfDay }) =>
    (days.get(weekday) ?? []).some(({ start, end }) => start <= minuteOfDay && minuteOfDay < end)
}
