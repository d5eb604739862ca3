import { displayDays, zoneLabel } from "./display"
import { at } from "./fixtures"

const slot = (start: string) => ({
  start: at(start),
  end: at(start) + 30 * 60_000,
  memberIds: ["a"],
})
const week = [
  slot("2027-03-29T12:30:00Z"),
  slot("2027-03-29T13:00:00Z"),
  slot("2027-03-30T22:30:00Z"),
]

describe("displayDays", () => {
  test.each([
    ["fr", "lundi 29 mars", "mercredi 31 mars"],
    ["en", "Monday, March 29", "Wednesday, March 31"],
    ["de", "Montag, 29. März", "Mittwoch, 31. März"],
  ] as const)(
    "in %s: days named in the language, times on a 24-hour clock",
    (language, first, last) => {
      const days = displayDays(week, "Europe/Paris", language)
      expect(days.map(({ label }) => label)).toEqual([first, last])
      expect(days[0].times).toEqual([
        { start: at("2027-03-29T12:30:00Z"), time: "14:30" },
        { start: at("2027-03-29T13:00:00Z"), time: "15:00" },
      ])
    },
  )

  test("days are the visitor's: 22:30Z on Tuesday is Wednesday in Paris, Tuesday in New York", () => {
    const paris = displayDays(week, "Europe/Paris", "en")
    const newYork = displayDays(week, "America/New_York", "en")
    expect(paris.map(({ date, times }) => [date, times.length])).toEqual([
      ["2027-03-29", 2],
      ["2027-03-31", 1],
    ])
    expect(newYork.map(({ date, times }) => [date, times.map(({ time }) => time)])).toEqual([
      ["2027-03-29", ["08:30", "09:00"]],
      ["2027-03-30", ["18:30"]],
    ])
  })

  test("no slots, no days", () => {
    expect(displayDays([], "Europe/Paris", "fr")).toEqual([])
  })
})

describe("zoneLabel", () => {
  test.each([
    ["Asia/Kolkata", "2027-01-11T08:00:00Z", "Asia/Kolkata (UTC+5:30)"],
    ["America/St_Johns", "2027-01-11T08:00:00Z", "America/St_Johns (UTC-3:30)"],
    ["America/St_Johns", "2027-06-14T08:00:00Z", "America/St_Johns (UTC-2:30)"],
    ["Europe/London", "2027-01-11T08:00:00Z", "Europe/London (UTC)"],
    ["Asia/Kathmandu", "2027-01-11T08:00:00Z", "Asia/Kathmandu (UTC+5:45)"],
  ])("%s at %s", (zone, instant, label) => {
    expect(zoneLabel(zone, at(instant))).toBe(label)
  })
})
