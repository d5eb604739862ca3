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
 * 10-minute window, where the rounded count let it pass at the next boundary, 0 to 10. So the
 * wait a refusal announces is computed (`slidingWaitMs`), not taken to be one window.
 */

/** A per-address limit: at most `max` requests in any `windowMs` (CONTACT_RATE_LIMIT, EVENT_RATE_LIMIT). */
export interface RateLimit {
  max: number
  windowMs: number
}

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

/**
 * How long after `at` the next request passes (its estimate, itself included, at most `max`),
 * if none is made in between: a request refused still counts, so one sent earlier is refused
 * again and pushes the time further. `current` and `previous` are the counts at `at`, the
 * request just made included. 0 when the next request would pass at once.
 */
export function slidingWaitMs(
  current: number,
  previous: number,
  at: number,
  windowMs: number,
  max: number,
): number {
  const windowStart = at - (at % windowMs)
  // Later in this window: current + 1 + previous * (1 - f) <= max, for f = (t - start) / window.
  const room = max - current - 1
  const inThisWindow =
    room < 0
      ? Infinity
      : previous === 0 || room >= previous
        ? at
        : windowStart + (1 - room / previous) * windowMs
  // In the next window, this window's requests become the previous ones: 1 + current * (1 - g)
  // <= max. With a limit of one, that is when the next window ends.
  const inNextWindow = windowStart + windowMs + Math.max(0, 1 - (max - 1) / current) * windowMs
  return Math.max(0, Math.ceil(Math.min(inThisWindow, inNextWindow) - at))
}
