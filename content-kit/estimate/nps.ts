// The Net Promoter Score of a survey and its margin of error.
import { isConfidence, zOf } from "./normal"
import { resultOf, type Errors, type Result } from "./result"

export type NpsInput = {
  promoters: number
  passives: number
  detractors: number
  /** 0.95, not 95 */
  confidence: number
}

export type Nps = {
  /** -100 to 100 */
  score: number
  /** in points of score: the score is score ± margin */
  margin: number
  responses: number
}

type Field = "promoters" | "passives" | "detractors" | "confidence" | "responses"

/**
 * score = (%promoters - %detractors) × 100. Each answer scores +1, 0 or -1, so the score's
 * variance is that of a trinomial mean: var = (pP + pD - (pP - pD)²) / n, and the margin
 * z √var × 100: Var(pP) + Var(pD) - 2 Cov(pP, pD) of a categorical sample (A. Engelhardt,
 * "Net Promoter Score confidence intervals 2: maths and stats", cybaea.net, 2016; the Wald
 * interval of B. Rocks, "Interval estimation for the 'Net Promoter Score'", The American
 * Statistician 70(4), 2016).
 */
export function nps(input: NpsInput): Result<Nps, Field> {
  const { promoters, passives, detractors, confidence } = input
  const errors: Errors<Field> = {}
  for (const field of ["promoters", "passives", "detractors"] as const) {
    const count = input[field]
    if (count < 0) errors[field] = "negative_count"
    else if (!Number.isSafeInteger(count)) errors[field] = "not_integer"
  }
  if (!isConfidence(confidence)) errors.confidence = "confidence_out_of_range"
  const responses = promoters + passives + detractors
  if (Object.keys(errors).length === 0 && responses === 0) errors.responses = "no_responses"
  return resultOf(errors, () => {
    const pP = promoters / responses
    const pD = detractors / responses
    // max(0, ...): a unanimous survey's variance is 0, and rounding must not make it negative.
    const variance = Math.max(0, pP + pD - (pP - pD) ** 2) / responses
    return {
      score: (pP - pD) * 100,
      margin: zOf(confidence) * Math.sqrt(variance) * 100,
      responses,
    }
  })
}
