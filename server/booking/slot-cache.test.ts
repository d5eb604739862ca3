import { testLead } from "../store/meetings/test-lead"
import { NO_DELIVERIES } from "../store/messages"
import { type TestApp, testApp } from "../test/stores"
import { bookingService, SLOTS_CACHE_MS } from "./service"

// The slot list an instance keeps (service.ts): the page's read is the same array while nothing
// changed, a booking made by another instance shows within SLOTS_CACHE_MS, and a new quarter
// hour computes the slots again.
const MINUTE = 60_000
/** A Monday morning in Paris, before the opening hours, off the slots' grid: a month of weekday slots ahead. */
const monday = Date.parse("2030-03-04T05:50:00Z")

describe("booking service: the slot cache", () => {
  let t: TestApp
  let clock = monday
  const now = () => clock
  beforeAll(async () => {
    t = await testApp("sqlite", {}, { now })
  })
  afterAll(() => t.close())

  it("hands out one array for the page's read until the store or the quarter hour changes", async () => {
    clock = monday
    const here = bookingService(t.store, now)
    const there = bookingService(t.store, now)
    const first = await here.listSlots("demo", clock, Infinity)
    expect(first.length).toBeGreaterThan(100)
    clock += 1000
    expect(await here.listSlots("demo", clock, Infinity)).toBe(first)

    // Past the cache's time, with nothing changed in the store: still the same computation.
    clock += SLOTS_CACHE_MS
    expect(await here.listSlots("demo", clock, Infinity)).toBe(first)

    // Another instance books the first slot: this one sees it once its cache has expired.
    const taken = first[0]
    const booked = await there.book({
      type: "demo",
      start: taken.start,
      zone: "Europe/Paris",
      language: "fr",
      lead: testLead("cache@example.com"),
      plan: NO_DELIVERIES,
    })
    expect(booked.ok).toBe(true)
    expect((await here.listSlots("demo", clock, Infinity))[0].start).toBe(taken.start)
    clock += SLOTS_CACHE_MS
    const after = await here.listSlots("demo", clock, Infinity)
    expect(after).not.toBe(first)
    expect(after.map((slot) => slot.start)).not.toContain(taken.start)

    // A new quarter hour: computed again, with the same starts.
    clock = Math.ceil((clock + 1) / (15 * MINUTE)) * 15 * MINUTE
    const next = await here.listSlots("demo", clock, Infinity)
    expect(next).not.toBe(after)
    expect(next.map((slot) => slot.start)).toEqual(after.map((slot) => slot.start))
  })

  it("answers a bounded range with the slots in it only", async () => {
    const service = bookingService(t.store, now)
    const all = await service.listSlots("demo", clock, Infinity)
    const to = all[10].start
    expect(await service.listSlots("demo", clock, to)).toEqual(all.slice(0, 10))
  })

  it("computes once for reads that arrive together", async () => {
    clock = monday + 40 * MINUTE
    const service = bookingService(t.store, now)
    const reads = await Promise.all(
      Array.from({ length: 20 }, () => service.listSlots("demo", clock, Infinity)),
    )
    expect(new Set(reads).size).toBe(1)
  })
})
