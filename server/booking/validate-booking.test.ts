import type { BookedMeeting } from "../store/meetings/booking-types"
import { MEETING_TYPES } from "./defaults"
import { at, member } from "./fixtures"
import { type BookingRequest, validateBooking } from "./validate-booking"

// Monday 22 March 2027, Paris at UTC+1; the defaults: demo 30 min + 15 buffer, 4 h notice,
// 30 days, 6 a day per member.
const NOW = at("2027-03-22T07:00:00Z")
const paris = (date: string, time: string) => at(`${date}T${time}:00+01:00`)
const TUESDAY_10 = paris("2027-03-23", "10:00")
const demo = (memberId: string, start: number, minutes = 45): BookedMeeting => ({
  memberId,
  typeKey: "demo",
  start,
  end: start + minutes * 60_000,
})

const request = (overrides: Partial<BookingRequest> = {}) =>
  validateBooking({
    types: MEETING_TYPES,
    typeKey: "demo",
    start: TUESDAY_10,
    members: [member("a"), member("b")],
    closures: [],
    booked: [],
    now: NOW,
    ...overrides,
  })
const refusal = (overrides: Partial<BookingRequest>) => {
  const decision = request(overrides)
  return decision.ok ? "ok" : decision.reason
}

describe("validateBooking", () => {
  test("a free start goes to a member, round robin", () => {
    expect(request()).toEqual({
      ok: true,
      memberId: "a",
      slot: { start: TUESDAY_10, end: TUESDAY_10 + 30 * 60_000, memberIds: ["a", "b"] },
    })
    const load = new Map([["a", { upcoming: 2, lastAssignedAt: NOW }]])
    expect(request({ load })).toMatchObject({ ok: true, memberId: "b" })
  })

  test("each reason", () => {
    expect(refusal({ typeKey: "lunch" })).toBe("unknown_type")
    expect(refusal({ start: NOW - 60_000 })).toBe("in_past")
    expect(refusal({ start: paris("2027-03-22", "10:30") })).toBe("inside_notice")
    expect(refusal({ start: paris("2027-03-22", "12:00") })).toBe("ok")
    // Paris is at UTC+2 by then: now + 30 days is 09:00 on 21 April.
    expect(refusal({ start: at("2027-04-21T09:00:00+02:00") })).toBe("ok")
    expect(refusal({ start: at("2027-04-21T09:30:00+02:00") })).toBe("beyond_horizon")
    expect(refusal({ start: paris("2027-03-27", "10:00") })).toBe("outside_hours")
    expect(refusal({ start: paris("2027-03-23", "10:10") })).toBe("outside_hours")
    expect(refusal({ start: paris("2027-03-23", "17:30") })).toBe("outside_hours")
    expect(refusal({ start: Number.NaN })).toBe("outside_hours")
    expect(refusal({ closures: ["2027-03-23"] })).toBe("outside_hours")
    const away = [{ start: "2027-03-23T00:00", end: "2027-03-24T00:00" }]
    expect(refusal({ members: [member("a", { timeOff: away })] })).toBe("outside_hours")
    expect(refusal({ members: [member("a", { bookable: false })] })).toBe("outside_hours")
    const taken = [demo("a", TUESDAY_10), demo("b", TUESDAY_10 - 30 * 60_000)]
    expect(refusal({ booked: taken })).toBe("slot_taken")
    const sixEach = ["a", "b"].flatMap((id) =>
      [8, 9, 11, 12, 13, 14].map((hour) =>
        demo(id, paris("2027-03-23", `${hour}`.padStart(2, "0") + ":00")),
      ),
    )
    expect(refusal({ booked: sixEach })).toBe("daily_cap")
  })

  test("one member taken, the other free: it goes to the free one", () => {
    expect(request({ booked: [demo("a", TUESDAY_10)] })).toMatchObject({ ok: true, memberId: "b" })
  })

  test("a taken slot is said before a full day", () => {
    const sixForA = [8, 9, 11, 12, 13, 14].map((hour) =>
      demo("a", paris("2027-03-23", `${hour}`.padStart(2, "0") + ":00")),
    )
    expect(refusal({ booked: [...sixForA, demo("b", TUESDAY_10)] })).toBe("slot_taken")
  })
})
