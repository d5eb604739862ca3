// The standard normal quantile, for the z of a confidence level.

const a = [
  -3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2,
  -3.066479806614716e1, 2.506628277459239,
]
const b = [
  -5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1,
  -1.328068155288572e1,
]
const c = [
  -7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734,
  4.374664141464968, 2.938163982698783,
]
const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416]
const LOW = 0.02425

/**
 * The inverse of the standard normal distribution function, for 0 < p < 1, by Peter J.
 * Acklam's rational approximation ("An algorithm for computing the inverse normal cumulative
 * distribution function", 2003): relative error below 1.15e-9, far finer than any survey
 * figure needs, with no dependency.
 */
export function inverseNormal(p: number): number {
  if (p < LOW) {
    const q = Math.sqrt(-2 * Math.log(p))
    return (
      (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
      ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
    )
  }
  if (p > 1 - LOW) return -inverseNormal(1 - p)
  const q = p - 0.5
  const r = q * q
  return (
    ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) /
    (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
  )
}

/** The levels the calculators offer; any other level in (0, 1) is computed all the same. */
export const confidenceLevels = [0.9, 0.95, 0.99] as const

/** The two-sided z of a confidence level: 0.95 -> 1.95996. */
export const zOf = (confidence: number) => inverseNormal((1 + confidence) / 2)

/** Confidence is a share strictly between 0 and 1 (0.95, not 95). */
export const isConfidence = (confidence: number) =>
  Number.isFinite(confidence) && confidence > 0 && confidence < 1
