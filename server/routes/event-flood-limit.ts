import { addressGroup } from "../address-group"
import { type RateLimit, slidingCount, windowIndex } from "../store/sliding-window"

// A flood from ever new groups (a botnet) must not grow the maps without bound either.
const MAX_GROUPS = 100_000

/**
 * EVENT_RATE_LIMIT: how many beacon posts one address (an IPv4 address, or an IPv6 /64) has
 * counted per window, in this process. Kept in memory, not in the store: the beacon's posts
 * are written in batches so as to cost the store little, and a per-request write would undo
 * that; with several instances each counts its own share. The window slides like the forms'
 * (server/store/sliding-window.ts), so that no more than the limit passes around a window boundary.
 * Every post counts, those over the limit too: an address that keeps flooding stays refused
 * until it slows down. A post over the limit is answered like any post that is not counted
 * (202), so a script learns nothing from it.
 */
export function eventFloodLimit(limit: RateLimit | null, now: () => number) {
  let current = new Map<string, number>()
  let previous = new Map<string, number>()
  let window = -Infinity
  return (ip: string): boolean => {
    if (!limit) return true
    const at = now()
    const index = windowIndex(at, limit.windowMs)
    if (index !== window) {
      previous = index === window + 1 ? current : new Map()
      current = new Map()
      window = index
    }
    const group = addressGroup(ip)
    const count = (current.get(group) ?? 0) + 1
    if (count === 1 && current.size >= MAX_GROUPS) return false
    current.set(group, count)
    return slidingCount(count, previous.get(group) ?? 0, at, limit.windowMs) <= limit.max
  }
}
