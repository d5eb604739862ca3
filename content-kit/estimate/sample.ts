// The sample size and margin of error of a proportion, from a simple random sample, as
// W. G. Cochran gives them (Sampling Techniques, 3rd ed., 1977, §4.4): z the two-sided
// quantile of the confidence level, p the expected proportion (0.5, the most cautious, by
// default), e the margin and N the population when it is finite.
import { isConfidence, zOf } from "./normal"
import { isPositiveCount, resultOf, type Errors, type Result } from "./result"

/** Below 0.01 % the sample outgrows any count a number holds exactly; no survey asks for it. */
export const MIN_MARGIN = 0.0001

type Common = {
  /** 0.95, not 95 */
  confidence: number
  /** the expected proportion, 0-1 */
  proportion?: number
  /** the population surveyed, when it is finite */
  population?: number
}

export type SampleSizeInput = Common & { /** 0.05 for ±5 % */ margin: number }
export type MarginInput = Common & { sample: number }

const isShare = (value: number) => Number.isFinite(value) && value >= 0 && value <= 1

function commonErrors({ confidence, proportion = 0.5, population }: Common) {
  const errors: Errors<"confidence" | "proportion" | "population"> = {}
  if (!isConfidence(confidence)) errors.confidence = "confidence_out_of_range"
  if (!isShare(proportion)) errors.proportion = "proportion_out_of_range"
  if (population !== undefined && !isPositiveCount(population))
    errors.population = "not_positive_integer"
  return errors
}

/**
 * n0 = z² p(1-p) / e², and with a population n = n0 / (1 + (n0 - 1) / N) (the finite
 * population correction), rounded up: the fewest completes that give the margin. At least 1.
 */
export function sampleSize(
  input: SampleSizeInput,
): Result<number, "confidence" | "margin" | "proportion" | "population"> {
  const { confidence, margin, proportion = 0.5, population } = input
  const errors: Errors<"confidence" | "margin" | "proportion" | "population"> = commonErrors(input)
  if (!(Number.isFinite(margin) && margin >= MIN_MARGIN && margin < 1))
    errors.margin = "margin_out_of_range"
  return resultOf(errors, () => {
    const unlimited = (zOf(confidence) ** 2 * proportion * (1 - proportion)) / margin ** 2
    // A certain answer (p = 0 or 1) needs one complete; the correction of 0 in a population of
    // 1 would be 0 / 0.
    if (unlimited <= 1) return 1
    const size =
      population === undefined ? unlimited : unlimited / (1 + (unlimited - 1) / population)
    // 1e-9 absorbs floating-point dust: an exact 400 must not round up to 401.
    return Math.max(1, Math.ceil(size - 1e-9))
  })
}

/**
 * e = z √(p(1-p)/n), times √((N-n)/(N-1)) with a population: the margin, as a share (0.049
 * for ±4.9 %), of a proportion measured on n completes. A census (n = N) has none.
 */
export function marginOfError(
  input: MarginInput,
): Result<number, "confidence" | "sample" | "proportion" | "population"> {
  const { confidence, sample, proportion = 0.5, population } = input
  const errors: Errors<"confidence" | "sample" | "proportion" | "population"> = commonErrors(input)
  if (!isPositiveCount(sample)) errors.sample = "not_positive_integer"
  else if (errors.population === undefined && population !== undefined && population < sample)
    errors.population = "population_below_sample"
  return resultOf(errors, () => {
    const simple = zOf(confidence) * Math.sqrt((proportion * (1 - proportion)) / sample)
    if (population === undefined) return simple
    if (population === sample) return 0
    return simple * Math.sqrt((population - sample) / (population - 1))
  })
}
