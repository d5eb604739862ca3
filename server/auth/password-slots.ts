import type { FastifyReply, FastifyRequest } from "fastify"
import { HttpError } from "../http-error"
import { isRefused, loginThrottle, type LoginSlot } from "./throttle"

type Throttle = ReturnType<typeof loginThrottle>

/** The 429 of a throttle that says to wait, with its Retry-After. */
export function tooManyAttempts(reply: FastifyReply, retryAfterMs: number): HttpError {
  reply.header("retry-after", Math.ceil(retryAfterMs / 1000))
  return new HttpError(
    429,
    "too_many_attempts",
    "Too many failed attempts; wait before trying again.",
  )
}

/**
 * Every place that verifies an admin's password (sign-in, password change, turning two-factor
 * sign-in off) takes a slot of the one login throttle first, so none of them is a way round it.
 */
export function passwordSlots(throttle: Throttle) {
  /** A throttle slot taken before a password is verified: 429 when none is free. */
  async function takeSlot(
    request: FastifyRequest,
    reply: FastifyReply,
    username: string,
  ): Promise<LoginSlot> {
    const slot = await throttle.acquire(username, request.ip)
    if (isRefused(slot)) throw tooManyAttempts(reply, slot.retryAfterMs)
    return slot
  }

  /**
   * Runs `check` (a password verification) in a throttle slot: a falsy result counts as a
   * failure; an error frees the slot.
   */
  async function checkThrottled<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    username: string,
    check: () => Promise<T>,
  ): Promise<T> {
    const slot = await takeSlot(request, reply, username)
    let result: T
    try {
      result = await check()
    } catch (error) {
      await slot.release()
      throw error
    }
    await (result ? slot.succeeded() : slot.failed())
    return result
  }

  return { takeSlot, checkThrottled }
}
