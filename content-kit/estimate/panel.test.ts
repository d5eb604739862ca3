import fc from "fast-check"
import type { RateCard } from "../schema/rate-card"
import { panelEstimate, type PanelEstimate } from "./panel"
import type { PanelInputs } from "./panel-inputs"

// Round figures, so that each expectation can be worked out by hand: in AE the general
// population gives 10,000 × 20 % = 2,000 completes at 100 % incidence, 200 a day.
const card = (): RateCard => ({
  currency: "EUR",
  markets: { AE: { baseCpi: 5, activePanel: 10000 }, FR: { baseCpi: 4, activePanel: 10000 } },
  lengthBands: [
    { upToMinutes: 20, multiplier: 1.5 },
    { upToMinutes: 10, multiplier: 1 },
  ],
  incidenceBands: [
    { fromPercent: 50, multiplier: 1 },
    { fromPercent: 20, multiplier: 1.3 },
    { fromPercent: 5, multiplier: 2.5 },
  ],
  criteria: { gender: { factor: 0.5 }, region: { factor: 0.2, byMarket: { FR: 0.6 } } },
  responseRate: 0.2,
  dailyShare: 0.1,
  tightAbove: 0.8,
  quotaMultiplier: 1.1,
  projectMinimum: 1000,
  range: 0.15,
})

const ask = (change: Partial<PanelInputs> = {}): PanelInputs => ({
  markets: ["AE"],
  incidence: 100,
  lengthMinutes: 8,
  completesPerMarket: 1000,
  quotas: false,
  fieldDays: 10,
  ...change,
})

function estimate(change: Partial<PanelInputs> = {}, rates = card()): PanelEstimate {
  const result = panelEstimate(ask(change), rates)
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.errors)}`)
  return result.value
}
const verdict = (change: Partial<PanelInputs>, rates?: RateCard) =>
  estimate(change, rates).total.verdict

describe("panelEstimate's feasibility", () => {
  it("is feasible within 80 % of what the field delivers, tight up to all of it, not beyond", () => {
    const [ae] = estimate().markets
    expect(ae).toMatchObject({
      verdict: "feasible",
      reachable: 10000,
      capacity: 2000,
      daysInField: 5, // 1,000 at 200 a day
      suggestions: {},
    })
    expect(verdict({ completesPerMarket: 1600 })).toBe("feasible")
    expect(verdict({ completesPerMarket: 1800 })).toBe("tight")
    expect(verdict({ completesPerMarket: 2000 })).toBe("tight")
    expect(verdict({ completesPerMarket: 2001 })).toBe("not_feasible")
  })

  it("falls as the incidence falls", () => {
    const at = (incidence: number) => verdict({ completesPerMarket: 500, incidence })
    // 2,000 × incidence completes: 100 % -> 2,000, 30 % -> 600 (500 > 80 %), 20 % -> 400
    expect([at(100), at(30), at(20)]).toEqual(["feasible", "tight", "not_feasible"])
  })

  it("rises with the field days, up to what the panel holds", () => {
    const at = (fieldDays: number) => verdict({ completesPerMarket: 1200, fieldDays })
    // 200 a day: 5 days deliver 1,000, 7 days 1,400 (1,200 > 80 %), 8 days 1,600
    expect([at(5), at(7), at(8), at(100)]).toEqual([
      "not_feasible",
      "tight",
      "feasible",
      "feasible",
    ])
  })

  it("suggests fewer completes and a longer field when days would do", () => {
    const [ae] = estimate({ completesPerMarket: 1200, fieldDays: 5 }).markets
    expect(ae.verdict).toBe("not_feasible")
    expect(ae.daysInField).toBe(6)
    expect(ae.suggestions).toEqual({ maxCompletes: 800, fieldDays: 8 })
    // FR's general population delivers the same: the total asks the same of both.
    const total = estimate({ markets: ["AE", "FR"], completesPerMarket: 1200, fieldDays: 5 }).total
    expect(total.suggestions).toEqual({ maxCompletesPerMarket: 800, fieldDays: 8 })
    // A tight study gets suggestions too: 1,300 of the 1,400 that 7 days deliver; at 80 %
    // of 200 a day, 1,300 need 8.1, so 9 days.
    const tight = estimate({ completesPerMarket: 1300, fieldDays: 7 }).markets[0]
    expect([tight.verdict, tight.suggestions]).toEqual([
      "tight",
      { maxCompletes: 1120, fieldDays: 9 },
    ])
    // 1,800 is beyond 80 % of all 2,000 the panel holds: no field length makes it feasible.
    expect(estimate({ completesPerMarket: 1800 }).markets[0].suggestions).toEqual({
      maxCompletes: 1600,
    })
  })

  it("is not thrown off by floating-point dust at the threshold", () => {
    // 10,000 × 0.7 × 20 % = 1,400 completes, 0.7 × 1,400 = 979.9999999999999 in floating point
    const rates = card()
    rates.tightAbove = 0.7
    rates.criteria.region.factor = 0.7
    const at = (completesPerMarket: number) =>
      estimate({ criteria: ["region"], completesPerMarket, fieldDays: 100 }, rates).markets[0]
    expect(at(980).verdict).toBe("feasible")
    expect(at(981)).toMatchObject({ verdict: "tight", suggestions: { maxCompletes: 980 } })
  })

  it("suggests no field length when the panel cannot deliver the completes at all", () => {
    const { markets, total } = estimate({ completesPerMarket: 2500 })
    expect(markets[0]).toMatchObject({ daysInField: null, suggestions: { maxCompletes: 1600 } })
    expect(markets[0].suggestions.fieldDays).toBeUndefined()
    expect(total).toMatchObject({ verdict: "not_feasible", daysInField: null })
    expect(total.suggestions).toEqual({ maxCompletesPerMarket: 1600 })
  })

  it("narrows the panel by each criterion, per market where the card says so, and suggests dropping the narrowest", () => {
    const { markets, total } = estimate({
      markets: ["AE", "FR"],
      criteria: ["gender", "region"],
      completesPerMarket: 300,
    })
    // AE: 10,000 × 0.5 × 0.2 = 1,000 members, 200 completes; FR: × 0.5 × 0.6 = 3,000, 600.
    expect(markets.map((market) => [market.market, market.reachable, market.capacity])).toEqual([
      ["AE", 1000, 200],
      ["FR", 3000, 600],
    ])
    expect(markets.map((market) => market.verdict)).toEqual(["not_feasible", "feasible"])
    // Without region AE reaches 5,000 members, 1,000 completes: 300 is feasible.
    expect(markets[0].suggestions.dropCriterion).toEqual({
      criterion: "region",
      verdict: "feasible",
    })
    expect(total.verdict).toBe("not_feasible")
    expect(total.suggestions).toEqual({
      maxCompletesPerMarket: 160,
      dropCriterion: { criterion: "region", verdict: "feasible" },
    })
    // In FR gender is the narrower one (0.5 against 0.6).
    const fr = estimate({
      markets: ["FR"],
      criteria: ["gender", "region"],
      completesPerMarket: 550,
    })
    expect(fr.markets[0].suggestions.dropCriterion?.criterion).toBe("gender")
  })

  it("takes the worst market's verdict and the longest field for the total", () => {
    const { total } = estimate({
      markets: ["AE", "FR"],
      criteria: ["region"],
      completesPerMarket: 500,
    })
    // AE: 2,000 members, 400 completes (not feasible); FR: 6,000, 1,200 at 120 a day (5 days).
    expect(total).toMatchObject({ verdict: "not_feasible", completes: 1000, daysInField: null })
    const both = estimate({ markets: ["AE", "FR"], completesPerMarket: 1000 }).total
    expect(both).toMatchObject({ verdict: "feasible", completes: 2000, daysInField: 5 })
  })
})

describe("panelEstimate's price", () => {
  it("multiplies the base CPI by the length, incidence and quota multipliers, ± the range", () => {
    const plain = estimate().markets[0]
    expect(plain.cpi).toEqual({ low: 4.25, high: 5.75 })
    expect(plain.price).toEqual({ low: 4250, high: 5750 })
    // 5 × 1.5 (11-20 min) × 1.3 (20-49 %) × 1.1 (quotas) = 10.725, ± 15 %
    const priced = estimate({
      lengthMinutes: 15,
      incidence: 30,
      quotas: true,
      completesPerMarket: 100,
    })
    expect(priced.markets[0].cpi).toEqual({ low: 9.12, high: 12.33 })
    // Below 20 % incidence the CPI doubles and more: 5 × 2.5
    expect(estimate({ incidence: 10 }).markets[0].cpi).toEqual({ low: 10.63, high: 14.38 })
  })

  it("never goes below the project minimum", () => {
    const { total } = estimate({ completesPerMarket: 100 }) // 500 € ± 15 %
    expect(total.price).toEqual({ low: 1000, high: 1000 })
    expect(total.minimumApplied).toBe(true)
    const big = estimate({ markets: ["AE", "FR"] }).total // 5,000 € + 4,000 €
    expect(big.price).toEqual({ low: 7650, high: 10350 })
    expect(big.minimumApplied).toBe(false)
  })

  it("follows the rate card: other rates, another estimate", () => {
    const dearer = card()
    dearer.markets.AE.baseCpi = 6
    dearer.projectMinimum = 8000
    dearer.currency = "USD"
    const result = estimate({}, dearer)
    expect(result.currency).toBe("USD")
    expect(result.markets[0].cpi).toEqual({ low: 5.1, high: 6.9 })
    expect(result.total.price).toEqual({ low: 8000, high: 8000 })
    const smaller = card()
    smaller.markets.AE.activePanel = 5000
    expect(verdict({}, smaller)).toBe("tight")
    expect(verdict({})).toBe("feasible")
  })
})

describe("panelEstimate's inputs", () => {
  const refused = (change: Partial<PanelInputs>) => {
    const result = panelEstimate(ask(change), card())
    return result.ok ? {} : result.errors
  }

  it("refuses what the card cannot estimate, field by field", () => {
    expect(refused({ markets: [] })).toEqual({ markets: "no_market" })
    expect(refused({ markets: ["AE", "ZZ"] })).toEqual({ markets: "unknown_market" })
    expect(refused({ markets: ["AE", "AE"] })).toEqual({ markets: "duplicate_market" })
    expect(refused({ markets: ["toString"] })).toEqual({ markets: "unknown_market" })
    expect(refused({ criteria: ["age"] })).toEqual({ criteria: "unknown_criterion" })
    expect(refused({ incidence: 0 })).toEqual({ incidence: "incidence_out_of_range" })
    expect(refused({ incidence: 101 })).toEqual({ incidence: "incidence_out_of_range" })
    expect(refused({ incidence: 4 })).toEqual({ incidence: "incidence_below_card" })
    expect(refused({ lengthMinutes: 0 })).toEqual({ lengthMinutes: "length_out_of_range" })
    expect(refused({ lengthMinutes: 21 })).toEqual({ lengthMinutes: "length_above_card" })
    expect(refused({ completesPerMarket: 0, fieldDays: 1.5 })).toEqual({
      completesPerMarket: "not_positive_integer",
      fieldDays: "not_positive_integer",
    })
    expect(refused({ incidence: NaN, lengthMinutes: Infinity })).toEqual({
      incidence: "incidence_out_of_range",
      lengthMinutes: "length_out_of_range",
    })
  })

  it("answers finite figures for any input it accepts", () => {
    const finite = (value: unknown): boolean =>
      typeof value === "number"
        ? Number.isFinite(value)
        : value && typeof value === "object"
          ? Object.values(value).every(finite)
          : true
    fc.assert(
      fc.property(
        fc.subarray(["AE", "FR"], { minLength: 1 }),
        fc.subarray(["gender", "region"]),
        fc.double({ min: 5, max: 100, noNaN: true }),
        fc.double({ min: 0.5, max: 20, noNaN: true }),
        fc.integer({ min: 1, max: 1e9 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 1e6 }),
        (markets, criteria, incidence, lengthMinutes, completesPerMarket, quotas, fieldDays) => {
          const result = panelEstimate(
            { markets, criteria, incidence, lengthMinutes, completesPerMarket, quotas, fieldDays },
            card(),
          )
          expect(result.ok).toBe(true)
          expect(finite(result)).toBe(true)
        },
      ),
    )
  })
})
