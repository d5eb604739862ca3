import type { Language } from "../../contract/languages"
import { zoneClock, zoneOf } from "./clock"
import type { Slot } from "./types"

export type VisitorTime = { start: number; time: string }
export type VisitorDay = { date: string; label: string; times: VisitorTime[] }

/**
 * The slots by day of the visitor's calendar, with the day named in the visitor's language
 * ("lundi 29 mars", "Monday, March 29", "Montag, 29. März") and times on a 24-hour clock. A time
 * that the day shows twice (the hour repeated when clocks go back) carries its offset,
 * "02:30 (UTC+2)" then "02:30 (UTC+1)", so the two can be told apart.
 */
export function displayDays(
  slots: readonly Slot[],
  zone: string,
  language: Language,
): VisitorDay[] {
  if (slots.length === 0) return []
  const clock = zoneClock(zone, slots[0].start, slots[slots.length - 1].start)
  const dayName = new Intl.DateTimeFormat(language, {
    weekday: "long",
    day: "numeric",
    month: "long",
    timeZone: zone,
  })
  const clockTime = new Intl.DateTimeFormat(language, {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: zone,
  })
  const days: VisitorDay[] = []
  for (const { start } of slots) {
    const { date, offsetMinutes } = clock(start)
    if (days[days.length - 1]?.date !== date)
      days.push({ date, label: dayName.format(start), times: [] })
    const time = clockTime.format(start)
    const times = days[days.length - 1].times
    const twin = times.find((shown) => shown.time.startsWith(time))
    if (twin) {
      twin.time = `${time} (${offsetLabel(clock(twin.start).offsetMinutes)})`
      times.push({ start, time: `${time} (${offsetLabel(offsetMinutes)})` })
    } else times.push({ start, time })
  }
  return days
}

/** A zone as the page names it, with its offset at `at`: "Europe/Paris (UTC+1)". */
export function zoneLabel(zone: string, at: number): string {
  return `${zone} (${offsetLabel(zoneOf(zone).offset(at))})`
}

/** "UTC+1", "UTC+5:30", "UTC-3:30", "UTC" */
function offsetLabel(offsetMinutes: number): string {
  if (offsetMinutes === 0) return "UTC"
  const size = Math.abs(offsetMinutes)
  const minutes = size % 60 ? `:${String(size % 60).padStart(2, "0")}` : ""
  return `UTC${offsetMinutes < 0 ? "-" : "+"}${Math.floor(size / 60)}${minutes}`
}
