import { DEFAULT_RETRY, retryDelay } from "./backoff"

describe("outbox retry delays", () => {
  it("double from the base, keep between half and all of the exponential delay, and stop at the ceiling", () => {
    const policy = { baseMs: 1000, ceilingMs: 10_000, maxAttempts: 8 }
    expect([1, 2, 3, 4, 5, 9].map((n) => retryDelay(n, policy, () => 0))).toEqual([
      500, 1000, 2000, 4000, 5000, 5000,
    ])
    expect([1, 2, 3, 4, 5, 9].map((n) => retryDelay(n, policy, () => 1))).toEqual([
      1000, 2000, 4000, 8000, 10_000, 10_000,
    ])
    // Jitter spreads deliveries that failed together.
    const spread = new Set(Array.from({ length: 50 }, () => retryDelay(3, policy)))
    expect(spread.size).toBeGreaterThan(10)
  })

  it("give the default 16 attempts some 4 to 7.5 hours before a delivery fails for good", () => {
    const total = (random: () => number) =>
      Array.from({ length: DEFAULT_RETRY.maxAttempts - 1 }, (_, i) =>
        retryDelay(i + 1, DEFAULT_RETRY, random),
      ).reduce((a, b) => a + b, 0)
    expect(total(() => 0) / 3_600_000).toBeGreaterThan(3)
    expect(total(() => 1) / 3_600_000).toBeLessThan(7.5)
  })
})
