import fc from "fast-check"
import { nps } from "./nps"

describe("nps", () => {
  it("gives the score and its margin, as computed by hand", () => {
    // 50 promoters, 30 passives, 20 detractors: score 50 % - 20 % = 30; var = (0.5 + 0.2 -
    // 0.3²) / 100 = 0.0061, √ = 0.0781; at 95 %, 1.96 × 0.0781 × 100 = ±15.3 points.
    const result = nps({ promoters: 50, passives: 30, detractors: 20, confidence: 0.95 })
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.value.score).toBeCloseTo(30, 10)
    expect(result.value.margin).toBeCloseTo(15.31, 2)
    expect(result.value.responses).toBe(100)
    // 120 promoters, 50 passives, 30 detractors of 200: NPS 45; var = (0.6 + 0.15 - 0.45²) / 200 = 0.0027375; 1.96 × 0.05232 × 100 = ±10.25.
    const second = nps({ promoters: 120, passives: 50, detractors: 30, confidence: 0.95 })
    expect(second.ok && [second.value.score, second.value.margin]).toEqual([
      expect.closeTo(45, 10),
      expect.closeTo(10.25, 2),
    ])
  })

  it("has no margin when every answer is the same", () => {
    const result = nps({ promoters: 7, passives: 0, detractors: 0, confidence: 0.99 })
    expect(result).toEqual({ ok: true, value: { score: 100, margin: 0, responses: 7 } })
  })

  it("refuses negative or fractional counts, no answers and a bad confidence", () => {
    expect(nps({ promoters: -1, passives: 2.5, detractors: NaN, confidence: 1.5 })).toEqual({
      ok: false,
      errors: {
        promoters: "negative_count",
        passives: "not_integer",
        detractors: "not_integer",
        confidence: "confidence_out_of_range",
      },
    })
    expect(nps({ promoters: 0, passives: 0, detractors: 0, confidence: 0.95 })).toEqual({
      ok: false,
      errors: { responses: "no_responses" },
    })
  })

  it("never answers NaN or Infinity, and keeps the score within -100..100", () => {
    const count = fc.oneof(fc.nat(), fc.double(), fc.constantFrom(NaN, Infinity, -1, 0))
    fc.assert(
      fc.property(count, count, count, fc.double(), (promoters, passives, detractors, c) => {
        const result = nps({ promoters, passives, detractors, confidence: c })
        if (!result.ok) return
        expect(Number.isFinite(result.value.score) && Number.isFinite(result.value.margin)).toBe(
          true,
        )
        expect(Math.abs(result.value.score)).toBeLessThanOrEqual(100)
      }),
      { numRuns: 2000 },
    )
  })
})
