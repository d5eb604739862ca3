/** Polls `condition` every 20 ms until it holds; rejects after `ms`. */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  ms = 5000,
  what = "condition",
): Promise<void> {
  for (const start = Date.now(); !(await condition());) {
    if (Date.now() - start > ms) throw new Error(`timed out after ${ms} ms waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** Fast retries for tests: 50 ms, doubling, at most 400 ms, and `maxAttempts` tries. */
export const fastOutbox = (maxAttempts = 5) => ({
  retry: { baseMs: 50, ceilingMs: 400, maxAttempts },
  pollMs: 100,
})
