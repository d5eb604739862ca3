import { halfBookings, storedMeetings, NO_HALF_BOOKING } from "../test/booking-store"
import { describeEachStore, signIn, type TestApp, testApp, withRaw } from "../test/stores"

const HOUR = 3_600_000
// A Monday, 08:00Z: 9:00 in Paris, opening time; notice is 4 h.
let clock = Date.parse("2030-03-04T08:00:00Z")
const slot = Date.parse("2030-03-05T09:00:00Z") // Tuesday 10:00 Paris
const body = (email: string, start = slot, extra: Record<string, unknown> = {}) => ({
  type: "demo",
  start: new Date(start).toISOString(),
  zone: "America/New_York",
  name: "Léa Martin",
  Email: email,
  Company: "Acme",
  ...extra,
})

describeEachStore("booking routes", (kind) => {
  let t: TestApp
  const book = (payload: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: "/api/booking", payload })
  const count = async () => (await t.store.messages.list({}, { offset: 0, limit: 100 })).total
  beforeAll(async () => {
    t = await testApp(kind, {}, { now: () => clock })
  })
  afterAll(() => t.close())

  it("gives one slot to one of 50 parallel bookings; the others get 409 slot_taken", async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => book(body(`p${i}@example.com`))),
    )
    const codes = answers.map((a) => a.statusCode).sort()
    expect(codes.filter((c) => c === 201)).toHaveLength(1)
    expect(codes.filter((c) => c === 409)).toHaveLength(49)
    const refused = answers.find((a) => a.statusCode === 409)!.json()
    expect(refused).toMatchObject({ error: "slot_taken", message: expect.any(String) })
    expect(await count()).toBe(1)
    // The store agrees: one meeting with its three cells (30 min + 15 min of buffer) and its
    // two booked mails plus reminders, nothing of the 49 others.
    await withRaw(t.config, async (db) => {
      expect(await storedMeetings(db, slot)).toEqual([
        expect.objectContaining({ cells: 3, mails: expect.any(Number) }),
      ])
      expect((await storedMeetings(db, slot))[0].mails).toBeGreaterThanOrEqual(2)
      expect(await halfBookings(db)).toEqual(NO_HALF_BOOKING)
    })
    const slots = await t.app.inject({ url: "/api/booking/slots?type=demo" })
    expect(slots.json().slots.map((s: { start: string }) => s.start)).not.toContain(
      new Date(slot).toISOString(),
    )
  })

  it.each([
    ["in_past", body("x@example.com", clock - HOUR)],
    ["inside_notice", body("x@example.com", clock + HOUR)],
    ["beyond_horizon", body("x@example.com", clock + 40 * 24 * HOUR)],
    ["outside_hours", body("x@example.com", Date.parse("2030-03-05T03:00:00Z"))],
    ["bad_zone", body("x@example.com", slot + HOUR, { zone: "Mars/Olympus" })],
  ])("refuses %s with a 4xx and stores nothing", async (reason, payload) => {
    const before = await count()
    const answer = await book(payload)
    expect(answer.statusCode).toBeGreaterThanOrEqual(400)
    expect(answer.statusCode).toBeLessThan(500)
    expect(answer.json()).toMatchObject({ error: reason, message: expect.any(String) })
    expect(await count()).toBe(before)
  })

  it("reschedules with the same UID and SEQUENCE + 1; cancel frees the slot", async () => {
    const booked = await book(body("r@example.com", slot + 2 * HOUR))
    expect(booked.statusCode).toBe(201)
    const { id, token } = booked.json()
    const before = (await t.store.meetings.get(id))!
    const moved = await t.app.inject({
      method: "POST",
      url: "/api/booking/reschedule",
      payload: { token, start: new Date(slot + 3 * HOUR).toISOString() },
    })
    expect(moved.statusCode).toBe(200)
    expect(moved.json()).toMatchObject({ status: "rescheduled", sequence: 1 })
    const after = (await t.store.meetings.get(id))!
    expect(after.uid).toBe(before.uid)
    const starts = async () =>
      (await t.app.inject({ url: "/api/booking/slots?type=demo" }))
        .json()
        .slots.map((s: { start: string }) => s.start)
    const moment = new Date(slot + 3 * HOUR).toISOString()
    expect(await starts()).not.toContain(moment)
    expect(await starts()).toContain(new Date(slot + 2 * HOUR).toISOString())
    const cancelled = await t.app.inject({
      method: "POST",
      url: "/api/booking/cancel",
      payload: { token },
    })
    expect(cancelled.json()).toMatchObject({ status: "cancelled", sequence: 2 })
    expect(await starts()).toContain(moment)
  })

  it("refuses a fourth upcoming meeting for one address", async () => {
    for (const h of [4, 5, 6])
      expect((await book(body("busy@example.com", slot + h * HOUR))).statusCode).toBe(201)
    const fourth = await book(body("Busy@example.com", slot + 7 * HOUR))
    expect(fourth.statusCode).toBe(422)
    expect(fourth.json().error).toBe("too_many_meetings")
  })

  it("answers 410 token_expired once the meeting has ended, 404 for an unknown token", async () => {
    const booked = await book(body("late@example.com", slot + 24 * HOUR))
    const { token } = booked.json()
    expect((await t.app.inject({ url: `/api/booking/manage?token=${token}` })).statusCode).toBe(200)
    const saved = clock
    clock = slot + 26 * HOUR
    const late = await t.app.inject({ url: `/api/booking/manage?token=${token}` })
    clock = saved
    expect(late.statusCode).toBe(410)
    expect(late.json().error).toBe("token_expired")
    expect((await t.app.inject({ url: "/api/booking/manage?token=nope" })).statusCode).toBe(404)
  })

  it("lets an owner set anyone's availability and gives a feed URL once", async () => {
    const cookie = await signIn(t.app)
    const settings = await t.app.inject({
      url: "/api/admin/meetings/settings",
      headers: { cookie },
    })
    const memberId = settings.json().members[0].memberId
    const put = await t.app.inject({
      method: "PUT",
      url: `/api/admin/meetings/availability/${memberId}`,
      headers: { cookie },
      payload: { email: null, zone: "Europe/Paris", bookable: false, weekly: {}, timeOff: [] },
    })
    expect(put.statusCode).toBe(200)
    const none = await t.app.inject({ url: "/api/booking/slots?type=demo" })
    expect(none.json().slots).toEqual([])
    const feed = await t.app.inject({
      method: "POST",
      url: "/api/admin/meetings/feed",
      headers: { cookie },
    })
    expect(feed.statusCode).toBe(201)
    const calendar = await t.app.inject({ url: feed.json().url })
    expect(calendar.statusCode).toBe(200)
    expect(calendar.headers["content-type"]).toMatch(/^text\/calendar/)
    expect((await t.app.inject({ url: "/api/booking/feed/unknown" })).statusCode).toBe(404)
  })
})
