export const DAY_MS = 86_400_000

/** Days since the epoch in UTC: the day of a salt, of an event, of a rollup row. */
export const dayOf = (ms: number) => Math.floor(ms / DAY_MS)

/** "2026-03-10" for a day number, and back. */
export const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10)
/** NaN for a date that does not exist ("2026-02-30"). */
export const dayFromIso = (text: string) => {
  const day = dayOf(Date.parse(`${text}T00:00:00Z`))
  return Number.isFinite(day) && isoDay(day) === text ? day : NaN
}
