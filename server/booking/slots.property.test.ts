import fc from "fast-check"
import { DateTime } from "luxon"
import type {
  BookedMeeting,
  MemberAvailability,
  WeeklyHours,
} from "../store/meetings/booking-types"
import { COMPANY_ZONE } from "./defaults"
import { at, meetingType, NOW, slotsBetween, ZONES } from "./fixtures"
import { validateBooking } from "./validate-booking"

const MINUTE = 60_000
// The eve of a transition somewhere: Casablanca, the US, the EU, Lord Howe and Santiago.
const EVES = ["2027-02-06", "2027-03-13", "2027-03-27", "2027-04-03", "2027-10-02", "2027-10-30"]
const hhmm = (quarters: number) =>
  `${String(Math.floor(quarters / 4)).padStart(2, "0")}:${String((quarters % 4) * 15).padStart(2, "0")}`

const hours = fc
  .tuple(fc.integer({ min: 0, max: 95 }), fc.integer({ min: 1, max: 40 }))
  .map(([start, length]) => ({ start: hhmm(start), end: hhmm(Math.min(96, start + length)) }))
const weekly: fc.Arbitrary<WeeklyHours> = fc.record({
  1: fc.array(hours, { maxLength: 2 }),
  3: fc.array(hours, { maxLength: 2 }),
  6: fc.array(hours, { maxLength: 2 }),
  7: fc.array(hours, { maxLength: 2 }),
})
const members = fc.uniqueArray(
  fc.record({
    memberId: fc.constantFrom("a", "b", "c"),
    zone: fc.constantFrom(...ZONES),
    bookable: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, fc.constant(false)),
    weekly,
    timeOff: fc.constant([]),
  }),
  { minLength: 1, maxLength: 3, selector: ({ memberId }) => memberId },
)
const scenario = fc
  .record({
    eve: fc.constantFrom(...EVES),
    members,
    step: fc.constantFrom(15, 30, 60),
    duration: fc.constantFrom(15, 25, 30, 45, 60),
    buffer: fc.constantFrom(0, 10, 15),
    closed: fc.boolean(),
  })
  .chain((base) =>
    fc.record({
      base: fc.constant(base),
      booked: fc.array(
        fc.record({
          memberId: fc.constantFrom(...base.members.map(({ memberId }) => memberId)),
          typeKey: fc.constant("demo"),
          offset: fc.integer({ min: -120, max: 3 * 24 * 60 }),
          length: fc.integer({ min: 10, max: 120 }),
        }),
        { maxLength: 6 },
      ),
      probes: fc.array(fc.integer({ min: 0, max: 2 * 24 * 4 - 1 }), { maxLength: 24 }),
    }),
  )

/** The member's hours as luxon reads their clock at `instant`, independently of the code. */
function worksAt(member: MemberAvailability, instant: number): boolean {
  const clock = DateTime.fromMillis(instant, { zone: member.zone })
  const time = clock.toFormat("HH:mm")
  const day = member.weekly[clock.weekday as keyof WeeklyHours] ?? []
  return day.some(({ start, end }) => start <= time && time < end)
}

describe("slots, for any members, hours and bookings around a transition", () => {
  test("a slot lists exactly the members who work all of it, on their grid, unbooked, off closures", () => {
    fc.assert(
      fc.property(scenario, ({ base, booked: drawn, probes }) => {
        const from = at(`${base.eve}T12:00:00Z`)
        const to = from + 2 * 24 * 60 * MINUTE
        const booked: BookedMeeting[] = drawn.map(({ memberId, typeKey, offset, length }) => ({
          memberId,
          typeKey,
          start: from + offset * MINUTE,
          end: from + (offset + length) * MINUTE,
        }))
        const closures = base.closed
          ? [DateTime.fromISO(base.eve).plus({ days: 1 }).toISODate()!]
          : []
        const type = meetingType({
          durationMinutes: base.duration,
          bufferAfterMinutes: base.buffer,
        })
        const length = (base.duration + base.buffer) * MINUTE
        const query = { type, members: base.members, closures, booked, step: base.step }
        const found = slotsBetween(new Date(from).toISOString(), new Date(to).toISOString(), query)
        /** Whether `member` can take `start`, decided here with luxon, apart from the code. */
        const free = (member: MemberAvailability, start: number) => {
          const clock = DateTime.fromMillis(start, { zone: member.zone })
          if (!member.bookable || (clock.hour * 60 + clock.minute) % base.step !== 0) return false
          const instants = [start + length - MINUTE]
          for (let instant = start; instant < start + length; instant += 5 * MINUTE)
            instants.push(instant)
          const company = (instant: number) =>
            DateTime.fromMillis(instant, { zone: COMPANY_ZONE }).toISODate()!
          return (
            instants.every((instant) => worksAt(member, instant)) &&
            !instants.some((instant) => closures.includes(company(instant))) &&
            !booked.some(
              (meeting) =>
                meeting.memberId === member.memberId &&
                meeting.start < start + length &&
                start < meeting.end,
            )
          )
        }
        const byId = new Map(base.members.map((member) => [member.memberId as string, member]))
        for (const slot of found)
          for (const memberId of slot.memberIds)
            expect(free(byId.get(memberId)!, slot.start)).toBe(true)
        // Starts drawn at random: slots offers every member free then, and validateBooking agrees.
        const offered = new Map(found.map((slot) => [slot.start, slot.memberIds]))
        for (const probe of probes) {
          const start = from + probe * 15 * MINUTE
          const expected = base.members
            .filter((member) => free(member, start))
            .map(({ memberId }) => memberId)
            .sort()
          expect(offered.get(start) ?? []).toEqual(expected)
          const decision = validateBooking({
            ...query,
            types: [type],
            typeKey: "demo",
            start,
            now: NOW,
          })
          expect(decision.ok ? decision.slot.memberIds : []).toEqual(expected)
        }
      }),
      { numRuns: 60 },
    )
  })
})
