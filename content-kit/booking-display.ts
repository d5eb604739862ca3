import type { Language } from "../contract/languages"

// Slots as the visitor reads them, with Intl alone (no tz library), so that the booking page
// and the server's page without JavaScript (server/booking/display.ts) show the same days.

export type VisitorTime = { start: number; time: string }
export type VisitorDay = { date: string; label: string; times: VisitorTime[] }

const MINUTE = 60_000

/** The offset of `zone` at `at`, in minutes east of UTC, as the runtime's tz data has it. */
export function offsetMinutes(zone: string, at: number): number {
  const name = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" })
    .formatToParts(at)
    .find((part) => part.type === "timeZoneName")?.value
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name ?? "")
  if (!match) return 0
  const size = Number(match[2]) * 60 + Number(match[3])
  return match[1] === "-" ? -size : size
}

/** "2027-03-29": the calendar date of `at` on the clock of a zone `offset` minutes from UTC. */
const dateAt = (at: number, offset: number) =>
  new Date(at + offset * MINUTE).toISOString().slice(0, 10)

/**
 * The slots by day of the visitor's calendar, with the day named in the visitor's language
 * ("lundi 29 mars", "Monday, March 29", "Montag, 29. März") and times on a 24-hour clock. A time
 * that the day shows twice (the hour repeated when clocks go back) carries its offset,
 * "02:30 (UTC+2)" then "02:30 (UTC+1)", so the two can be told apart.
 */
export function displayDays(
  slots: readonly { start: number }[],
  zone: string,
  language: Language,
): VisitorDay[] {
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
    const offset = offsetMinutes(zone, start)
    const date = dateAt(start, offset)
    if (days[days.length - 1]?.date !== date)
      days.push({ date, label: dayName.format(start), times: [] })
    const time = clockTime.format(start)
    const times = days[days.length - 1].times
    const twin = times.find((shown) => shown.time.startsWith(time))
    if (twin) {
      twin.time = `${time} (${offsetLabel(offsetMinutes(zone, twin.start))})`
      times.push({ start, time: `${time} (${offsetLabel(offset)})` })
    } else times.push({ start, time })
  }
  return days
}

/** A zone as the page names it, with its offset at `at`: "Europe/Paris (UTC+1)". */
export function zoneLabel(zone: string, at: number): string {
  return `${zone} (${offsetLabel(offsetMinutes(zone, at))})`
}

/** "UTC+1", "UTC+5:30", "UTC-3:30", "UTC" */
function offsetLabel(offset: number): string {
  if (offset === 0) return "UTC"
  const size = Math.abs(offset)
  const minutes = size % 60 ? `:${String(size % 60).padStart(2, "0")}` : ""
  return `UTC${offset < 0 ? "-" : "+"}${Math.floor(size / 60)}${minutes}`
}
