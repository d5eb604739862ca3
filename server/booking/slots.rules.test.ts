import type { BookedMeeting } from "../store/meetings/booking-types"
import { at, iso, meetingType, member, slotsBetween, startsBetween } from "./fixtures"

// Monday 22 March 2027: Paris is at UTC+1, so 9:00-18:00 is 08:00Z-17:00Z.
const MONDAY = "2027-03-22"
const monday = (query: Parameters<typeof startsBetween>[2]) =>
  startsBetween(`${MONDAY}T00:00:00Z`, `${MONDAY}T23:59:00Z`, query)
const paris = (time: string) => iso(at(`${MONDAY}T${time}:00+01:00`))
const meeting = (memberId: string, from: string, to: string, typeKey = "demo"): BookedMeeting => ({
  memberId,
  typeKey,
  start: at(paris(from)),
  end: at(paris(to)),
})

describe("slots", () => {
  test("the default hours: every half hour from 9:00 to 17:30 Paris time", () => {
    const starts = monday({})
    expect(starts).toHaveLength(18)
    expect([starts[0], starts[17]]).toEqual([paris("09:00"), paris("17:30")])
  })

  test("not before now plus the notice", () => {
    const now = at(paris("09:10"))
    expect(monday({ now, type: meetingType({ minNoticeMinutes: 240 }) })[0]).toBe(paris("13:30"))
    expect(monday({ now, type: meetingType({ minNoticeMinutes: 0 }) })[0]).toBe(paris("09:30"))
  })

  test("not after now plus the horizon", () => {
    const now = at(paris("10:00")) - 24 * 3600_000
    const starts = monday({ now, type: meetingType({ horizonDays: 1 }) })
    expect(starts[starts.length - 1]).toBe(paris("10:00"))
  })

  test("nothing on a closure day, which is a Paris date for every member", () => {
    expect(monday({ closures: [MONDAY] })).toEqual([])
    // 18:00-20:00 in New York is 23:00-01:00 in Paris: the Paris Tuesday is closed.
    const newYork = member("ny", {
      zone: "America/New_York",
      weekly: { 1: [{ start: "18:00", end: "20:00" }] },
    })
    const evening = (closures: string[]) =>
      startsBetween(`${MONDAY}T20:00:00Z`, "2027-03-23T02:00:00Z", { members: [newYork], closures })
    expect(evening([])).toHaveLength(4)
    expect(evening(["2027-03-23"])).toEqual([paris("23:00"), paris("23:30")])
  })

  test("not during time off, with or without an offset in it", () => {
    const lunch = member("a", {
      timeOff: [{ start: `${MONDAY}T12:00:00+01:00`, end: `${MONDAY}T13:00` }],
    })
    const starts = monday({ members: [lunch] })
    expect(starts).toContain(paris("11:30"))
    expect(starts).not.toContain(paris("12:00"))
    expect(starts).not.toContain(paris("12:30"))
    expect(starts).toContain(paris("13:00"))
  })

  test("a booked meeting and its buffer keep the member busy, and so does the new one's", () => {
    const booked = [meeting("a", "10:00", "10:45")]
    const withBuffer = monday({ booked, type: meetingType({ bufferAfterMinutes: 15 }) })
    expect(withBuffer.filter((start) => start < paris("12:00"))).toEqual([
      paris("09:00"),
      paris("11:00"),
      paris("11:30"),
    ])
    const noBuffer = monday({ booked })
    expect(noBuffer.filter((start) => start < paris("12:00"))).toEqual([
      paris("09:00"),
      paris("09:30"),
      paris("11:00"),
      paris("11:30"),
    ])
  })

  test("the buffer must fit in the hours too", () => {
    const starts = monday({ type: meetingType({ bufferAfterMinutes: 15 }) })
    expect(starts[starts.length - 1]).toBe(paris("17:00"))
  })

  test("the daily cap counts one member's meetings of that type on their own day", () => {
    const type = meetingType({ dailyCap: 2 })
    const twoDemos = [meeting("a", "09:00", "09:30"), meeting("a", "10:00", "10:30")]
    expect(monday({ type, booked: twoDemos })).toEqual([])
    const otherType = [twoDemos[0], meeting("a", "10:00", "10:30", "consultation")]
    expect(monday({ type, booked: otherType })).toHaveLength(16)
    const tuesday = startsBetween("2027-03-23T00:00:00Z", "2027-03-23T23:59:00Z", {
      type,
      booked: twoDemos,
    })
    expect(tuesday).toHaveLength(18)
    const found = slotsBetween(`${MONDAY}T00:00:00Z`, `${MONDAY}T23:59:00Z`, {
      type,
      booked: twoDemos,
      members: [member("a"), member("b")],
    })
    expect(found.every(({ memberIds }) => memberIds.join() === "b")).toBe(true)
  })

  test("a member who is not bookable is never offered", () => {
    expect(monday({ members: [member("a", { bookable: false })] })).toEqual([])
  })

  test("with two members and one booked, the slot lists the other", () => {
    const found = slotsBetween(`${MONDAY}T00:00:00Z`, `${MONDAY}T23:59:00Z`, {
      members: [member("b"), member("a")],
      booked: [meeting("a", "10:00", "10:30")],
    })
    const at10 = found.find(({ start }) => iso(start) === paris("10:00"))
    const at9 = found.find(({ start }) => iso(start) === paris("09:00"))
    expect([at9?.memberIds, at10?.memberIds]).toEqual([["a", "b"], ["b"]])
    expect(at10?.end).toBe(at(paris("10:30")))
  })

  test("the step sets the grid on the member's clock", () => {
    expect(monday({ step: 60 })).toHaveLength(9)
    const kathmandu = member("k", { zone: "Asia/Kathmandu" })
    // 9:00 at UTC+5:45 is 03:15Z: the grid is the member's, not UTC's.
    expect(monday({ members: [kathmandu], step: 60 })[0]).toBe(`${MONDAY}T03:15:00.000Z`)
    expect(() => monday({ step: 20 })).toThrow("step must be one of 15, 30, 60")
  })

  test("a meeting type that cannot be right is refused", () => {
    expect(() => monday({ type: meetingType({ durationMinutes: 0 }) })).toThrow(
      "meeting type demo: durationMinutes must be a whole number from 1",
    )
    expect(() => monday({ type: meetingType({ bufferAfterMinutes: -5 }) })).toThrow("bufferAfter")
    expect(() => monday({ type: meetingType({ dailyCap: 1.5 }) })).toThrow("dailyCap")
    expect(monday({ type: meetingType({ dailyCap: 0 }) })).toEqual([])
  })

  test("hours and time off that cannot be read are refused", () => {
    const hours = (start: string, end: string) => member("a", { weekly: { 1: [{ start, end }] } })
    expect(() => monday({ members: [hours("9:00", "18:00")] })).toThrow('"HH:MM"')
    expect(() => monday({ members: [hours("09:10", "18:00")] })).toThrow("quarter hour")
    expect(() => monday({ members: [hours("18:00", "09:00")] })).toThrow("end before")
    expect(() => monday({ members: [member("a", { weekly: { 8: [] } as never })] })).toThrow(
      "weekdays are 1",
    )
    const timeOff = [{ start: "tomorrow", end: "later" }]
    expect(() => monday({ members: [member("a", { timeOff })] })).toThrow("ISO 8601")
  })
})
