import { createHash } from "node:crypto"
import type { FastifyReply, FastifyRequest } from "fastify"
import { addressGroup } from "../address-group"
import { HttpError } from "../http-error"
import type { Store } from "../store"
import { type RateLimit, slidingWaitMs } from "../store/sliding-window"

/**
 * Counts this request against the per-address `limit` of `scope` (each public form has its
 * own count) and refuses it with 429 once over. An address is an IPv4 address or an IPv6 /64
 * (address-group.ts), hashed: the counters need to tell visitors apart, not to know them.
 * Retry-After says when the next post passes, which can be up to two windows away.
 */
export async function enforceRateLimit(
  store: Store,
  limit: RateLimit | null,
  scope: string,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (!limit) return
  const address = createHash("sha256").update(addressGroup(request.ip)).digest("base64url")
  const key = `${scope}:${address.slice(0, 22)}`
  const hit = await store.rateLimits.hit(key, limit.windowMs)
  if (hit.count > limit.max) {
    // When the next post passes if none is sent before (a refused one counts too).
    const waitMs = slidingWaitMs(hit.current, hit.previous, hit.at, limit.windowMs, limit.max)
    reply.header("retry-after", Math.max(1, Math.ceil(waitMs / 1000)))
    throw new HttpError(
      429,
      "too_many_requests",
      "Too many requests from this address; please try again later.",
    )
  }
}
