import fc from "fast-check"
import { inverseNormal, zOf } from "./normal"
import { marginOfError, MIN_MARGIN, sampleSize } from "./sample"

const value = <T>(result: { ok: true; value: T } | { ok: false; errors: unknown }) => {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.errors)}`)
  return result.value
}

describe("the z of a confidence level (Acklam's inverse normal)", () => {
  it("matches the published table of the standard normal quantiles", () => {
    // NIST/SEMATECH e-Handbook of Statistical Methods, §1.3.6.7.1, critical values of the
    // normal distribution: 1.645, 1.960, 2.576; to more digits in Abramowitz & Stegun, table 26.5.
    expect(zOf(0.9)).toBeCloseTo(1.644854, 6)
    expect(zOf(0.95)).toBeCloseTo(1.959964, 6)
    expect(zOf(0.99)).toBeCloseTo(2.575829, 6)
    expect(inverseNormal(0.5)).toBeCloseTo(0, 12)
    expect(inverseNormal(0.001)).toBeCloseTo(-3.090232, 6)
    expect(inverseNormal(1e-10)).toBeCloseTo(-6.361341, 5)
  })
})

describe("sampleSize", () => {
  it("gives the published sample sizes for an unlimited population", () => {
    // Cochran (Sampling Techniques, 1977), n0 = z²p(1-p)/e², as calculators tabulate it
    // (ezcalculator.net/statistics-calculators/margin-of-error, 95 %, p = 0.5: ±1 % 9,604,
    // ±2 % 2,401, ±3 % 1,068, ±5 % 385, ±10 % 97); 99 % and 90 % by the same formula.
    expect(value(sampleSize({ confidence: 0.95, margin: 0.05 }))).toBe(385)
    expect(value(sampleSize({ confidence: 0.95, margin: 0.03 }))).toBe(1068)
    expect(value(sampleSize({ confidence: 0.95, margin: 0.01 }))).toBe(9604)
    expect(value(sampleSize({ confidence: 0.95, margin: 0.02 }))).toBe(2401)
    expect(value(sampleSize({ confidence: 0.95, margin: 0.1 }))).toBe(97)
    expect(value(sampleSize({ confidence: 0.99, margin: 0.05 }))).toBe(664)
    expect(value(sampleSize({ confidence: 0.9, margin: 0.05 }))).toBe(271)
    // p = 0.2: 1.96² × 0.16 / 0.0025 = 245.9
    expect(value(sampleSize({ confidence: 0.95, margin: 0.05, proportion: 0.2 }))).toBe(246)
  })

  it("gives Krejcie and Morgan's sizes for a finite population", () => {
    // R. V. Krejcie and D. W. Morgan, "Determining sample size for research activities",
    // Educational and Psychological Measurement 30, 1970, table 1 (95 %, ±5 %, p = 0.5).
    for (const [population, size] of [
      [1000, 278],
      [10000, 370],
      [100000, 383],
      [100, 80],
    ])
      expect([
        population,
        value(sampleSize({ confidence: 0.95, margin: 0.05, population })),
      ]).toEqual([population, size])
  })

  it("needs one complete for a certain answer, in a population of one too (not 0 / 0)", () => {
    expect(sampleSize({ confidence: 0.95, margin: 0.05, proportion: 0 })).toEqual({
      ok: true,
      value: 1,
    })
    expect(sampleSize({ confidence: 0.5, margin: 0.005, proportion: 1, population: 1 })).toEqual({
      ok: true,
      value: 1,
    })
  })

  it("refuses each bad field with its code", () => {
    expect(sampleSize({ confidence: 0.95, margin: 0 })).toEqual({
      ok: false,
      errors: { margin: "margin_out_of_range" },
    })
    expect(sampleSize({ confidence: 0.95, margin: 1 }).ok).toBe(false)
    expect(sampleSize({ confidence: 0.95, margin: MIN_MARGIN / 2 }).ok).toBe(false)
    expect(sampleSize({ confidence: 95, margin: NaN, proportion: 1.2, population: -3 })).toEqual({
      ok: false,
      errors: {
        confidence: "confidence_out_of_range",
        margin: "margin_out_of_range",
        proportion: "proportion_out_of_range",
        population: "not_positive_integer",
      },
    })
    for (const confidence of [0, 1, -0.5, Infinity])
      expect(sampleSize({ confidence, margin: 0.05 })).toEqual({
        ok: false,
        errors: { confidence: "confidence_out_of_range" },
      })
    expect(sampleSize({ confidence: 0.95, margin: 0.05, population: 10.5 }).ok).toBe(false)
  })
})

describe("marginOfError", () => {
  it("gives the published margins", () => {
    // Forum Research's table of margins at 95 % (forumresearch.com/tools-margin-of-error.asp):
    // ±4.9 % for 400 at 50 %, ±3.1 % for 1,000, ±3.9 % for 400 at 20 %, ±1.9 % for 1,000 at 10 %.
    expect(value(marginOfError({ confidence: 0.95, sample: 400 }))).toBeCloseTo(0.049, 3)
    expect(value(marginOfError({ confidence: 0.95, sample: 1000 }))).toBeCloseTo(0.031, 3)
    expect(value(marginOfError({ confidence: 0.95, sample: 400, proportion: 0.2 }))).toBeCloseTo(
      0.039,
      3,
    )
    expect(value(marginOfError({ confidence: 0.95, sample: 1000, proportion: 0.1 }))).toBeCloseTo(
      0.019,
      3,
    )
    // With the finite population correction: 0.049 × √(600/999) = 0.03797
    expect(value(marginOfError({ confidence: 0.95, sample: 400, population: 1000 }))).toBeCloseTo(
      0.038,
      3,
    )
    expect(value(marginOfError({ confidence: 0.95, sample: 50, population: 50 }))).toBe(0)
    expect(value(marginOfError({ confidence: 0.95, sample: 1, population: 1 }))).toBe(0)
  })

  it("refuses each bad field with its code", () => {
    expect(marginOfError({ confidence: 0.95, sample: 400, population: 300 })).toEqual({
      ok: false,
      errors: { population: "population_below_sample" },
    })
    expect(marginOfError({ confidence: 0.95, sample: 0 })).toEqual({
      ok: false,
      errors: { sample: "not_positive_integer" },
    })
    expect(marginOfError({ confidence: 0.95, sample: 12.5, proportion: -0.1 })).toEqual({
      ok: false,
      errors: { sample: "not_positive_integer", proportion: "proportion_out_of_range" },
    })
  })
})

describe("the calculators' properties", () => {
  const confidence = fc.double({ min: 0.5, max: 0.999, noNaN: true })
  const margin = fc.double({ min: 0.005, max: 0.5, noNaN: true })
  const proportion = fc.double({ min: 0, max: 1, noNaN: true })
  const population = fc.option(fc.integer({ min: 1, max: 1e9 }), { nil: undefined })

  it("never answer NaN or Infinity, whatever the input: a finite value or errors", () => {
    const anything = fc.oneof(
      fc.double(),
      fc.integer(),
      fc.constantFrom(NaN, Infinity, -Infinity, 0, 1, -1),
    )
    fc.assert(
      fc.property(anything, anything, anything, anything, (c, e, p, n) => {
        for (const result of [
          sampleSize({ confidence: c, margin: e, proportion: p, population: n }),
          sampleSize({ confidence: c, margin: e }),
          marginOfError({ confidence: c, sample: n, proportion: p, population: e }),
          marginOfError({ confidence: c, sample: n }),
        ]) {
          if (result.ok) expect(Number.isFinite(result.value)).toBe(true)
          else expect(Object.keys(result.errors).length).toBeGreaterThan(0)
        }
      }),
      { numRuns: 2000 },
    )
  })

  it("need a sample no smaller for a narrower margin", () => {
    fc.assert(
      fc.property(confidence, margin, margin, proportion, population, (c, e1, e2, p, n) => {
        const [narrow, wide] = e1 < e2 ? [e1, e2] : [e2, e1]
        const size = (e: number) =>
          value(sampleSize({ confidence: c, margin: e, proportion: p, population: n }))
        expect(size(narrow)).toBeGreaterThanOrEqual(size(wide))
      }),
    )
  })

  it("never need more with a finite population than without", () => {
    fc.assert(
      fc.property(
        confidence,
        margin,
        proportion,
        fc.integer({ min: 1, max: 1e9 }),
        (c, e, p, n) => {
          const unlimited = value(sampleSize({ confidence: c, margin: e, proportion: p }))
          const finite = value(
            sampleSize({ confidence: c, margin: e, proportion: p, population: n }),
          )
          expect(finite).toBeLessThanOrEqual(unlimited)
          expect(finite).toBeLessThanOrEqual(n)
        },
      ),
    )
  })

  it("give a sample whose margin is at most the one asked", () => {
    fc.assert(
      fc.property(confidence, margin, proportion, population, (c, e, p, n) => {
        const sample = value(sampleSize({ confidence: c, margin: e, proportion: p, population: n }))
        const got = value(marginOfError({ confidence: c, sample, proportion: p, population: n }))
        expect(got).toBeLessThanOrEqual(e + 1e-12)
      }),
      { numRuns: 1000 },
    )
  })
})
