import fc from "fast-check"
import { DateTime } from "luxon"
import { DAY, zoneClock } from "./clock"
import { at, ZONES } from "./fixtures"

describe("zoneClock", () => {
  test("the runtime knows every zone these tests use", () => {
    // ICU lists some zones under their older names (Asia/Calcutta for Asia/Kolkata).
    const known = Intl.supportedValuesOf("timeZone")
    const icuName = (zone: string) =>
      new Intl.DateTimeFormat("en", { timeZone: zone }).resolvedOptions().timeZone
    expect(ZONES.filter((zone) => !known.includes(icuName(zone)))).toEqual([])
  })

  test("reads what luxon's DateTime reads, transitions included", () => {
    const from = at("2026-12-01T00:00:00Z")
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: 0, max: 400 * 24 * 60 }),
        fc.integer({ min: 1, max: 60 }),
        (zone, minute, spanDays) => {
          const instant = from + minute * 60_000
          const clock = zoneClock(zone, instant - spanDays * DAY, instant + spanDays * DAY)
          const luxon = DateTime.fromMillis(instant, { zone })
          expect(clock(instant)).toEqual({
            date: luxon.toISODate(),
            weekday: luxon.weekday,
            minuteOfDay: luxon.hour * 60 + luxon.minute,
            offsetMinutes: luxon.offset,
          })
        },
      ),
      { numRuns: 200 },
    )
  })

  test("Paris in 2027: 02:00-03:00 is skipped on 28 March and read twice on 31 October", () => {
    const paris = zoneClock("Europe/Paris", at("2027-03-27T00:00:00Z"), at("2027-11-01T00:00:00Z"))
    const hhmm = (instant: string) => {
      const { minuteOfDay, offsetMinutes } = paris(at(instant))
      return [Math.floor(minuteOfDay / 60), minuteOfDay % 60, offsetMinutes / 60]
    }
    expect(hhmm("2027-03-28T00:59:00Z")).toEqual([1, 59, 1])
    expect(hhmm("2027-03-28T01:00:00Z")).toEqual([3, 0, 2])
    expect(hhmm("2027-10-31T00:30:00Z")).toEqual([2, 30, 2])
    expect(hhmm("2027-10-31T01:30:00Z")).toEqual([2, 30, 1])
  })

  test("an unknown zone is refused", () => {
    expect(() => zoneClock("Europe/Atlantis", 0, DAY)).toThrow("unknown time zone")
  })
})
