import { displayDays, zoneLabel } from "./display"
import { at, iso, meetingType, member, slotsBetween, startsBetween } from "./fixtures"

// The instants below are what this runtime's tz data says (Node 20, ICU 78.2, tzdata 2025c).
const sunday = (hours: { start: string; end: string }) => ({ weekly: { 7: [hours] } })
const nightOnSunday = (zone: string) => [
  member("a", { zone, ...sunday({ start: "01:00", end: "04:00" }) }),
]
const firstStartOn = (day: string, members = [member("a")]) =>
  startsBetween(`${day}T00:00:00Z`, `${day}T23:59:00Z`, { members })[0]

describe("Paris, 28 March 2027: 02:00 becomes 03:00", () => {
  test("no start is read in the missing hour, and 01:00-04:00 holds two real hours", () => {
    expect(
      startsBetween("2027-03-27T12:00:00Z", "2027-03-28T12:00:00Z", {
        members: nightOnSunday("Europe/Paris"),
      }),
    ).toEqual([
      "2027-03-28T00:00:00.000Z", // 01:00 +01:00
      "2027-03-28T00:30:00.000Z", // 01:30 +01:00
      "2027-03-28T01:00:00.000Z", // 03:00 +02:00
      "2027-03-28T01:30:00.000Z", // 03:30 +02:00
    ])
  })

  test("a meeting may run across the gap: it lasts its real 45 minutes", () => {
    const starts = startsBetween("2027-03-27T12:00:00Z", "2027-03-28T12:00:00Z", {
      members: nightOnSunday("Europe/Paris"),
      type: { ...meetingType(), bufferAfterMinutes: 15 },
    })
    // 01:30 +01:00 to 03:15 +02:00 is 45 minutes; 03:30 +02:00 would end at 04:15.
    expect(starts).toEqual([
      "2027-03-28T00:00:00.000Z",
      "2027-03-28T00:30:00.000Z",
      "2027-03-28T01:00:00.000Z",
    ])
  })

  test("9:00 Paris is 08:00Z the Monday before and 07:00Z the Monday after", () => {
    expect(firstStartOn("2027-03-22")).toBe("2027-03-22T08:00:00.000Z")
    expect(firstStartOn("2027-03-29")).toBe("2027-03-29T07:00:00.000Z")
  })
})

describe("Paris, 31 October 2027: 03:00 becomes 02:00", () => {
  test("the repeated hour gives two sets of starts, and 01:00-04:00 holds four real hours", () => {
    const found = slotsBetween("2027-10-30T12:00:00Z", "2027-10-31T12:00:00Z", {
      members: nightOnSunday("Europe/Paris"),
    })
    expect(found.map(({ start }) => iso(start))).toEqual([
      "2027-10-30T23:00:00.000Z", // 01:00 +02:00
      "2027-10-30T23:30:00.000Z", // 01:30 +02:00
      "2027-10-31T00:00:00.000Z", // 02:00 +02:00
      "2027-10-31T00:30:00.000Z", // 02:30 +02:00
      "2027-10-31T01:00:00.000Z", // 02:00 +01:00
      "2027-10-31T01:30:00.000Z", // 02:30 +01:00
      "2027-10-31T02:00:00.000Z", // 03:00 +01:00
      "2027-10-31T02:30:00.000Z", // 03:30 +01:00
    ])
    const [night] = displayDays(found, "Europe/Paris", "en")
    expect(night.times.map(({ time }) => time)).toEqual([
      "01:00",
      "01:30",
      "02:00 (UTC+2)",
      "02:30 (UTC+2)",
      "02:00 (UTC+1)",
      "02:30 (UTC+1)",
      "03:00",
      "03:30",
    ])
  })

  test("9:00 Paris is 07:00Z the Monday before and 08:00Z the Monday after", () => {
    expect(firstStartOn("2027-10-25")).toBe("2027-10-25T07:00:00.000Z")
    expect(firstStartOn("2027-11-01")).toBe("2027-11-01T08:00:00.000Z")
  })
})

describe("visitors in zones without DST see the Paris 9:00 move", () => {
  test.each([
    ["2027-01-11", "Asia/Dubai", "12:00", "UTC+4"],
    ["2027-01-11", "Asia/Riyadh", "11:00", "UTC+3"],
    ["2027-06-14", "Asia/Dubai", "11:00", "UTC+4"],
    ["2027-06-14", "Asia/Riyadh", "10:00", "UTC+3"],
  ])("%s in %s: %s", (day, zone, time, offset) => {
    const [nine] = slotsBetween(`${day}T00:00:00Z`, `${day}T23:59:00Z`)
    expect(displayDays([nine], zone, "en")[0].times[0].time).toBe(time)
    expect(zoneLabel(zone, nine.start)).toBe(`${zone} (${offset})`)
  })

  test("the Paris label follows its own offset", () => {
    expect(zoneLabel("Europe/Paris", at("2027-01-11T08:00:00Z"))).toBe("Europe/Paris (UTC+1)")
    expect(zoneLabel("Europe/Paris", at("2027-06-14T07:00:00Z"))).toBe("Europe/Paris (UTC+2)")
  })
})

// Morocco keeps UTC+1 but goes back to UTC+0 for Ramadan. For 2027 the tz data has
// 7 February 03:00 -> 02:00 (at 02:00Z) and 14 March 02:00 -> 03:00 (at 02:00Z); those dates are
// the tz maintainers' projection, so a later tz release may move them and fail this test.
describe("Africa/Casablanca around Ramadan 2027", () => {
  const casablanca = [member("a", { zone: "Africa/Casablanca" })]

  test("9:00 is 08:00Z before, 09:00Z during and 08:00Z after the suspension", () => {
    expect(firstStartOn("2027-02-01", casablanca)).toBe("2027-02-01T08:00:00.000Z")
    expect(firstStartOn("2027-02-08", casablanca)).toBe("2027-02-08T09:00:00.000Z")
    expect(firstStartOn("2027-03-08", casablanca)).toBe("2027-03-08T09:00:00.000Z")
    expect(firstStartOn("2027-03-15", casablanca)).toBe("2027-03-15T08:00:00.000Z")
  })

  test("7 February reads 02:00-03:00 twice, 14 March skips it", () => {
    const night = (day: string) =>
      startsBetween(`${day}T00:00:00Z`, `${day}T12:00:00Z`, {
        members: nightOnSunday("Africa/Casablanca"),
        type: { ...meetingType(), durationMinutes: 60 },
        step: 60,
      })
    expect(night("2027-02-07")).toEqual([
      "2027-02-07T00:00:00.000Z", // 01:00 +01:00
      "2027-02-07T01:00:00.000Z", // 02:00 +01:00
      "2027-02-07T02:00:00.000Z", // 02:00 +00:00
      "2027-02-07T03:00:00.000Z", // 03:00 +00:00
    ])
    expect(night("2027-03-14")).toEqual([
      "2027-03-14T01:00:00.000Z", // 01:00 +00:00
      "2027-03-14T02:00:00.000Z", // 03:00 +01:00
    ])
  })
})

describe("a member in New York while the US and the EU disagree", () => {
  const newYork = member("ny", {
    zone: "America/New_York",
    weekly: { 1: [{ start: "09:00", end: "17:00" }] },
  })
  const seenFromParis = (day: string) => {
    const [nine] = slotsBetween(`${day}T00:00:00Z`, `${day}T23:59:00Z`, { members: [newYork] })
    return [iso(nine.start), displayDays([nine], "Europe/Paris", "fr")[0].times[0].time]
  }

  test("9:00 New York is 15:00 Paris, 14:00 between 14 and 28 March, then 15:00 again", () => {
    expect(seenFromParis("2027-03-08")).toEqual(["2027-03-08T14:00:00.000Z", "15:00"])
    expect(seenFromParis("2027-03-15")).toEqual(["2027-03-15T13:00:00.000Z", "14:00"])
    expect(seenFromParis("2027-03-22")).toEqual(["2027-03-22T13:00:00.000Z", "14:00"])
    expect(seenFromParis("2027-03-29")).toEqual(["2027-03-29T13:00:00.000Z", "15:00"])
  })

  test("and 14:00 Paris in the week between 31 October and 7 November", () => {
    expect(seenFromParis("2027-10-25")).toEqual(["2027-10-25T13:00:00.000Z", "15:00"])
    expect(seenFromParis("2027-11-01")).toEqual(["2027-11-01T13:00:00.000Z", "14:00"])
    expect(seenFromParis("2027-11-08")).toEqual(["2027-11-08T14:00:00.000Z", "15:00"])
  })

  test("the hours shared with a Paris member grow from three to four that week", () => {
    const both = (day: string) =>
      slotsBetween(`${day}T00:00:00Z`, `${day}T23:59:00Z`, {
        members: [member("paris"), newYork],
      }).filter(({ memberIds }) => memberIds.length === 2)
    // Paris works 08:00Z-17:00Z until 28 March, New York 14:00Z-22:00Z until 14 March; then
    // 07:00Z-16:00Z and 13:00Z-21:00Z.
    expect(both("2027-03-08").map(({ start }) => iso(start))).toEqual([
      "2027-03-08T14:00:00.000Z",
      "2027-03-08T14:30:00.000Z",
      "2027-03-08T15:00:00.000Z",
      "2027-03-08T15:30:00.000Z",
      "2027-03-08T16:00:00.000Z",
      "2027-03-08T16:30:00.000Z",
    ])
    expect(both("2027-03-15")).toHaveLength(8)
    expect(both("2027-03-29")).toHaveLength(6)
  })
})
