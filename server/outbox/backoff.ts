export interface RetryPolicy {
  /** Delay after the first failed attempt; each further one doubles it. */
  baseMs: number
  /** No delay grows past this. */
  ceilingMs: number
  /** After this many attempts the delivery is `failed` and waits for a person. */
  maxAttempts: number
}

// 10 s, 20 s, 40 s ... capped at an hour: 16 attempts span about 4 to 7.5 hours, enough to
// ride out a mail server's or a receiver's bad evening.
export const DEFAULT_RETRY: RetryPolicy = { baseMs: 10_000, ceilingMs: 3_600_000, maxAttempts: 16 }

/**
 * Exponential backoff with "equal jitter": half the exponential delay, plus a random part of
 * the other half, so that deliveries failed together do not come back together.
 */
export function retryDelay(
  attempt: number,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(policy.ceilingMs, policy.baseMs * 2 ** Math.max(0, attempt - 1))
  return Math.round(exponential / 2 + random() * (exponential / 2))
}
