import { addressGroup } from "../address-group"
import type { RateLimit } from "../config"

// A flood from ever new groups (a botnet) must not grow the map without bound either.
const MAX_GROUPS = 100_000

/**
 * EVENT_RATE_LIMIT: how many beacon posts one address (an IPv4 address, or an IPv6 /64) has
 * counted per window, in this process. Kept in memory, not in the store: the beacon's posts
 * are written in batches so as to cost the store little, and a per-request write would undo
 * that; with several instances each counts its own share. A post over the limit is answered
 * like any post that is not counted (202), so a script learns nothing from it.
 */
export function eventFloodLimit(limit: RateLimit | null, now: () => number) {
  const counts = new Map<string, number>()
  let windowStart = -Infinity
  return (ip: string): boolean => {
    if (!limit) return true
    const at = now()
    if (at - windowStart >= limit.windowMs) {
      counts.clear()
      windowStart = at
    }
    const group = addressGroup(ip)
    const count = counts.get(group) ?? 0
    if (count === 0 && counts.size >= MAX_GROUPS) return false
    counts.set(group, count + 1)
    return count < limit.max
  }
}
