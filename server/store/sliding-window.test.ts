import { slidingCount, slidingWaitMs } from "./sliding-window"

// The wait a refusal announces (Retry-After) is the earliest moment the next request passes:
// checked against the estimate itself, for many counts, limits and moments in a window.
const WINDOW_MS = 600_000

/** The estimate of one more request at `then`, after the counts `current`/`previous` at `at`. */
function nextEstimate(current: number, previous: number, at: number, then: number) {
  const index = Math.floor(at / WINDOW_MS)
  const thenIndex = Math.floor(then / WINDOW_MS)
  if (thenIndex === index) return slidingCount(current + 1, previous, then, WINDOW_MS)
  if (thenIndex === index + 1) return slidingCount(1, current, then, WINDOW_MS)
  return slidingCount(1, 0, then, WINDOW_MS)
}

describe("slidingWaitMs", () => {
  it("is the earliest moment the next request passes, for any counts, limit and moment", () => {
    let cases = 0
    for (const max of [1, 2, 3, 5, 20])
      for (let current = 1; current <= max + 4; current++)
        for (let previous = 0; previous <= max + 4; previous++)
          for (const fraction of [0, 0.001, 0.25, 0.5, 0.9, 0.999]) {
            const at = 40 * WINDOW_MS + Math.round(fraction * WINDOW_MS)
            if (slidingCount(current, previous, at, WINDOW_MS) <= max) continue // not refused
            const wait = slidingWaitMs(current, previous, at, WINDOW_MS, max)
            expect(wait).toBeGreaterThan(0)
            expect(wait).toBeLessThanOrEqual(2 * WINDOW_MS)
            expect(nextEstimate(current, previous, at, at + wait)).toBeLessThanOrEqual(max)
            expect(nextEstimate(current, previous, at, at + wait - 2)).toBeGreaterThan(max)
            cases++
          }
    expect(cases).toBeGreaterThan(500)
  })

  it("with a limit of one, is the end of the window after the refused request's", () => {
    const at = 40 * WINDOW_MS + 100_000
    expect(slidingWaitMs(2, 0, at, WINDOW_MS, 1)).toBe(2 * WINDOW_MS - 100_000)
  })

  it("is 0 when the next request would pass at once", () => {
    expect(slidingWaitMs(1, 0, 40 * WINDOW_MS, WINDOW_MS, 5)).toBe(0)
  })
})
