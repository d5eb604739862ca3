/**
 * Runs `callback` when the browser is next idle (after the first screen's work), at the latest
 * after `timeoutMs`; browsers without requestIdleCallback (Safari) wait `fallbackMs` instead.
 * Returns a function that cancels it. Shared by the code loaded after the first screen: the
 * motion kit and the below-the-fold parts.
 */
export function whenIdle(
  callback: () => void,
  { timeoutMs, fallbackMs = 200 }: { timeoutMs?: number; fallbackMs?: number } = {},
): () => void {
  if (window.requestIdleCallback) {
    const handle = window.requestIdleCallback(
      callback,
      timeoutMs === undefined ? undefined : { timeout: timeoutMs },
    )
    return () => window.cancelIdleCallback(handle)
  }
  const handle = window.setTimeout(callback, fallbackMs)
  return () => window.clearTimeout(handle)
}
