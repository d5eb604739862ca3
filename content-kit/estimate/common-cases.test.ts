import { marginCases, npsCases, sampleSizeCases } from "./common-cases"

describe("the tables of common cases", () => {
  it("give the sample sizes worked out by hand, smaller in a smaller population", () => {
    const [unlimited, , , thousand] = sampleSizeCases()
    const fivePercent = (table: typeof unlimited) => table.rows.find((row) => row.key === 0.05)
    // 95 % and ±5 %: 1.96² × 0.25 / 0.05² = 384.1, so 385; 278 of a population of 1,000.
    expect(fivePercent(unlimited)?.values[1]).toBe(385)
    expect(fivePercent(thousand)?.values[1]).toBe(278)
    expect(unlimited.population).toBeUndefined()
    expect(thousand.population).toBe(1000)
    expect(unlimited.rows).toHaveLength(10)
    for (const [index, row] of thousand.rows.entries())
      expect(
        row.values.every((value, level) => value! <= unlimited.rows[index].values[level]!),
      ).toBe(true)
  })

  it("give the margins for sample sizes up to the population only", () => {
    const [unlimited, , , thousand] = marginCases()
    // 400 answers at 95 %: 1.96 × √(0.25 / 400) = 0.049
    expect(unlimited.rows.find((row) => row.key === 400)?.values[1]).toBeCloseTo(0.049, 3)
    expect(thousand.rows.map((row) => row.key)).toEqual([50, 100, 200, 300, 400, 500, 1000])
    // A census has no margin.
    expect(thousand.rows.at(-1)?.values).toEqual([0, 0, 0])
  })

  it("give the NPS margins of a 50/30/20 split", () => {
    // 100 answers at 95 %: ±15.3 points (docs/ESTIMATES.md)
    expect(npsCases().rows.find((row) => row.key === 100)?.values[1]).toBeCloseTo(15.31, 2)
  })
})
