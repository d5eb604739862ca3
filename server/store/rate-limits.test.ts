import { describeEachStore, type TestApp, testApp } from "../test/stores"

// The contact and newsletter forms' per-address limits (server/routes/rate-limit.ts refuses a
// request once `hit` is over the limit's maximum), counted in the store on both kinds.
const WINDOW_MS = 600_000

describeEachStore("rate limits in the store", (kind) => {
  let t: TestApp
  // A window boundary: Math.floor(at / WINDOW_MS) changes here.
  const boundary = Math.ceil(Date.parse("2024-01-15T10:00:00Z") / WINDOW_MS) * WINDOW_MS
  let clock = boundary
  beforeAll(async () => {
    t = await testApp(kind, {}, { now: () => clock })
  })
  afterAll(() => t.close())

  it("counts a request just before a window boundary against one just after it", async () => {
    clock = boundary - 5
    expect((await t.store.rateLimits.hit("a", WINDOW_MS)).count).toBe(1)
    clock = boundary + 5
    // With a limit of one, the second request 10 ms later is over it.
    expect((await t.store.rateLimits.hit("a", WINDOW_MS)).count).toBeGreaterThan(1)
  })

  it("lets the previous window's requests count less as the sliding window leaves them", async () => {
    clock = boundary + 2 * WINDOW_MS - 1
    for (let n = 0; n < 5; n++) await t.store.rateLimits.hit("b", WINDOW_MS)
    // Just after the boundary: the five still count, so a sixth is over a limit of five.
    clock = boundary + 2 * WINDOW_MS + 1
    expect((await t.store.rateLimits.hit("b", WINDOW_MS)).count).toBeGreaterThan(5)
    // Half a window later, half of them count: 2.5 + this window's 2.
    clock = boundary + 2 * WINDOW_MS + WINDOW_MS / 2
    expect((await t.store.rateLimits.hit("b", WINDOW_MS)).count).toBeCloseTo(4.5, 5)
    // A whole window later, the five no longer count: this window's one, and the previous
    // window's two almost whole.
    clock = boundary + 3 * WINDOW_MS + 1
    expect((await t.store.rateLimits.hit("b", WINDOW_MS)).count).toBeCloseTo(
      1 + 2 * (1 - 1 / WINDOW_MS),
      5,
    )
  })

  it("with a limit of one, lets the next request pass once the window after the first has ended", async () => {
    const start = boundary + 20 * WINDOW_MS
    for (const key of ["e", "f"]) {
      clock = start + 1
      expect((await t.store.rateLimits.hit(key, WINDOW_MS)).count).toBe(1)
    }
    // Near the end of the next window the first still counts (a little): refused.
    clock = start + 2 * WINDOW_MS - 1
    expect((await t.store.rateLimits.hit("e", WINDOW_MS)).count).toBeGreaterThan(1)
    // Once that window has ended, it no longer does: passes.
    clock = start + 2 * WINDOW_MS
    expect((await t.store.rateLimits.hit("f", WINDOW_MS)).count).toBe(1)
  })

  it("counts each key apart", async () => {
    clock = boundary + 10 * WINDOW_MS
    await t.store.rateLimits.hit("c", WINDOW_MS)
    expect((await t.store.rateLimits.hit("d", WINDOW_MS)).count).toBe(1)
  })
})
