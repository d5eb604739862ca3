// The tables of common cases that every calculator page shows, worked out by the calculators
// themselves: at build time they are the page's answer without JavaScript.
import { confidenceLevels } from "./normal"
import { nps } from "./nps"
import { marginOfError, sampleSize } from "./sample"

/** The populations of the tables: none (an unlimited population) first. */
export const casePopulations = [undefined, 100_000, 10_000, 1_000] as const
export const caseMargins = [0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.07, 0.08, 0.09, 0.1] as const
export const caseSamples = [50, 100, 200, 300, 400, 500, 1_000, 2_000] as const
/** The split of the NPS table: 50 % promoters, 30 % passives, 20 % detractors (NPS 30). */
export const caseNpsSplit = { promoters: 0.5, passives: 0.3, detractors: 0.2 } as const

export type CaseTable = {
  population: number | undefined
  /** One row per margin or sample size: its key, then a figure per confidence level. */
  rows: { key: number; values: (number | null)[] }[]
}

const valueOf = (result: { ok: true; value: number } | { ok: false }) =>
  result.ok ? result.value : null

/** The sample size for each margin (rows) and confidence level (columns), per population. */
export function sampleSizeCases(): CaseTable[] {
  return casePopulations.map((population) => ({
    population,
    rows: caseMargins.map((margin) => ({
      key: margin,
      values: confidenceLevels.map((confidence) =>
        valueOf(sampleSize({ confidence, margin, population })),
      ),
    })),
  }))
}

/** The margin for each sample size (rows) and confidence level, per population: none above it. */
export function marginCases(): CaseTable[] {
  return casePopulations.map((population) => ({
    population,
    rows: caseSamples
      .filter((sample) => population === undefined || sample <= population)
      .map((sample) => ({
        key: sample,
        values: confidenceLevels.map((confidence) =>
          valueOf(marginOfError({ confidence, sample, population })),
        ),
      })),
  }))
}

/** The NPS margin, in points, for each number of answers at the split of caseNpsSplit. */
export function npsCases(): CaseTable {
  return {
    population: undefined,
    rows: caseSamples.map((responses) => ({
      key: responses,
      values: confidenceLevels.map((confidence) => {
        const result = nps({
          promoters: Math.round(responses * caseNpsSplit.promoters),
          passives: Math.round(responses * caseNpsSplit.passives),
          detractors: Math.round(responses * caseNpsSplit.detractors),
          confidence,
        })
        return result.ok ? result.value.margin : null
      }),
    })),
  }
}
