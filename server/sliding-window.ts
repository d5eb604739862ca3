/**
 * A sliding window approximated from two fixed windows, for the per-address limits (the
 * contact and newsletter forms' in the store, the audience beacon's in memory): this window's
 * count plus the previous window's, weighted by how much of it the sliding window still covers.
 *
 * The weighted part is not rounded down: rounded, a previous window's last request stopped
 * counting the moment the next window began, so that with a limit of one a second request a few
 * milliseconds later passed whenever a window boundary fell between them (and with five, a
 * sixth passed). The cost is on the strict side: with a limit of one, the next request passes
 * once the window after the first request's has ended, 10 to 20 minutes after it for a
 * 10-minute window, where the rounded count let it pass at the next boundary, 0 to 10.
 */

/** The fixed window `at` falls in (windows start at multiples of `windowMs`). */
export const windowIndex = (at: number, windowMs: number): number => Math.floor(at / windowMs)

/** The requests seen in the `windowMs` before `at`: an estimate, not always a whole number. */
export function slidingCount(
  current: number,
  previous: number,
  at: number,
  windowMs: number,
): number {
  const previousWeight = 1 - (at % windowMs) / windowMs
  return current + previous * previousWeight
}
