import { IANAZone } from "luxon"
import type { Weekday } from "../store/meetings/booking-types"

export const MINUTE = 60_000
export const DAY = 24 * 60 * MINUTE

/** What a zone's wall clock shows at one instant. */
export type Reading = { date: string; weekday: Weekday; minuteOfDay: number; offsetMinutes: number }

// No zone changes its offset twice within 6 hours (the closest pairs are weeks apart).
const SAMPLE = 6 * 60 * MINUTE

export function zoneOf(name: string): IANAZone {
  const zone = IANAZone.create(name)
  if (!zone.isValid) throw new RangeError(`unknown time zone: ${name}`)
  return zone
}

/**
 * The wall clock of `zoneName` for instants of [from, to]. The offsets are luxon's (the
 * runtime's tz data) and change only at the zone's transitions, which are found once, by
 * sampling the offset and bisecting to the minute where it changes; each reading is then the
 * instant shifted by the offset in force at that instant, which is what luxon itself does but
 * without asking Intl again for every instant (about 10 µs each). The readings are checked
 * against luxon's DateTime in clock.test.ts.
 */
export function zoneClock(zoneName: string, from: number, to: number): (at: number) => Reading {
  const zone = zoneOf(zoneName)
  const start = Math.floor(from / MINUTE) * MINUTE
  const changes = [{ at: start, offset: zone.offset(start) }]
  for (let low = start; low < to; low += SAMPLE) {
    const before = changes[changes.length - 1].offset
    let high = Math.min(low + SAMPLE, Math.ceil(to / MINUTE) * MINUTE)
    if (zone.offset(high) === before) continue
    let earlier = low
    while (high - earlier > MINUTE) {
      const middle = earlier + Math.floor((high - earlier) / 2 / MINUTE) * MINUTE
      if (zone.offset(middle) === before) earlier = middle
      else high = middle
    }
    changes.push({ at: high, offset: zone.offset(high) })
  }
  const offsetAt = (at: number) => {
    if (at < start || at > to) return zone.offset(at)
    let index = changes.length - 1
    while (changes[index].at > at) index -= 1
    return changes[index].offset
  }
  return (at) => readingOf(at, offsetAt(at))
}

function readingOf(at: number, offsetMinutes: number): Reading {
  const wall = new Date(at + offsetMinutes * MINUTE)
  return {
    date: wall.toISOString().slice(0, 10),
    weekday: (wall.getUTCDay() || 7) as Weekday,
    minuteOfDay: wall.getUTCHours() * 60 + wall.getUTCMinutes(),
    offsetMinutes,
  }
}
