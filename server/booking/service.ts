import type { MeetingTypeKey } from "../../contract/booking"
import type { Language } from "../../contract/languages"
import type { Clock, Store } from "../store"
import type { Slot } from "../store/meetings/booking-types"
import type { MeetingRecord } from "../store/meetings/meeting-record"
import { sha256 } from "../store/meetings/rows"
import type { DeliveryPlan, NewMessage } from "../store/messages"
import { assign } from "./assign"
import { MINUTE } from "./clock"
import { TICK } from "./hours"
import { type BookingRules, rulesOf } from "./rules"
import { slots } from "./slots"
import { newToken } from "./tokens"
import { type BookingRefusal, validateBooking } from "./validate-booking"

/**
 * How long an instance reuses the slots it computed without asking the store. A booking, cancel
 * or settings change on this instance drops them at once; one made on another instance shows
 * here within this time. A slot shown a moment too long costs nothing: booking it meets the
 * store's constraint (409).
 */
export const SLOTS_CACHE_MS = 3000
/**
 * Past SLOTS_CACHE_MS the store is asked again, and the slots are computed again only when what
 * they depend on changed (the settings, the meetings) or the quarter hour did. Computing a
 * month of slots takes a tenth of a second or more, which every read waiting on it would add to
 * its time; the quarter hour is how late a start entering the horizon may appear.
 */
const RECOMPUTE_EVERY_MS = TICK
/** An address may hold this many meetings still to come. */
export const MAX_UPCOMING_PER_EMAIL = 3

export type Refusal = BookingRefusal | "too_many_meetings"
export type Booked = { ok: true; meeting: MeetingRecord; token: string }
export type TokenRefusal = "not_found" | "token_expired" | "not_active"

export type BookingRequest = {
  type: MeetingTypeKey
  start: number
  zone: string
  language: Language
  lead: NewMessage
  plan: DeliveryPlan
}

const ACTIVE = new Set(["booked", "rescheduled"])

export function bookingService(store: Store, now: Clock) {
  let cached: {
    /** When the store was last asked. */
    at: number
    /** When the slots were computed, and from what (the stored settings and meetings). */
    computedAt: number
    basis: string
    rules: BookingRules
    slots: Map<string, Slot[]>
    tails: Map<string, Slot[]>
  } | null = null
  const invalidate = () => {
    cached = null
  }
  // One refresh at a time: the reads that arrive meanwhile wait for it rather than start theirs.
  let refreshing: Promise<void> | null = null
  const refresh = (at: number) =>
    (refreshing ??= (async () => {
      const [stored, { booked }] = await Promise.all([
        store.meetings.rules(),
        store.meetings.busy(at),
      ])
      const basis = JSON.stringify([stored, booked])
      if (
        cached?.basis === basis &&
        Math.floor(at / RECOMPUTE_EVERY_MS) === Math.floor(cached.computedAt / RECOMPUTE_EVERY_MS)
      ) {
        cached.at = at
        return
      }
      const rules = rulesOf(stored)
      const computed = new Map(
        rules.types.map((type) => [
          type.key,
          slots({ ...rules, type, booked, now: at, from: at, to: Infinity }),
        ]),
      )
      cached = { at, computedAt: at, basis, rules, slots: computed, tails: new Map() }
    })().finally(() => {
      refreshing = null
    }))
  const context = async () => {
    const at = now()
    const [stored, busy] = await Promise.all([store.meetings.rules(), store.meetings.busy(at)])
    return { at, rules: rulesOf(stored), ...busy }
  }

  const decide = async (typeKey: string, start: number, leaving?: string) => {
    const { at, rules, booked, load } = await context()
    const decision = validateBooking({
      ...rules,
      typeKey,
      start,
      now: at,
      booked: booked.filter((meeting) => meeting.id !== leaving),
      load,
    })
    const type = rules.types.find((t) => t.key === typeKey)!
    const freeAt = start + (type?.durationMinutes + type?.bufferAfterMinutes) * MINUTE
    return { decision, freeAt, load, rules }
  }

  const withToken = async (token: string) => {
    const found = await store.meetings.byTokenHash(sha256(token))
    if (!found) return { ok: false as const, reason: "not_found" as const }
    if (now() >= found.expiresAt) return { ok: false as const, reason: "token_expired" as const }
    return { ok: true as const, meeting: found.meeting }
  }

  return {
    invalidate,

    /** The bookable starts of a type in [from, to), from a computation at most SLOTS_CACHE_MS old. */
    async listSlots(typeKey: MeetingTypeKey, from: number, to: number): Promise<readonly Slot[]> {
      const at = now()
      if (!cached || at - cached.at >= SLOTS_CACHE_MS) await refresh(at)
      const current = cached!
      const type = current.rules.types.find((t) => t.key === typeKey)!
      const earliest = Math.max(from, at + type.minNoticeMinutes * MINUTE)
      const all = current.slots.get(typeKey) ?? []
      if (to !== Infinity) return all.filter((slot) => slot.start >= earliest && slot.start < to)
      // The page's own read (every start from now on, in order): the same array while the
      // computation and its first start hold, so that the route can reuse its JSON text.
      const first = all.findIndex((slot) => slot.start >= earliest)
      const key = `${typeKey} ${first}`
      let tail = current.tails.get(key)
      if (!tail) current.tails.set(key, (tail = first < 0 ? [] : all.slice(first)))
      return tail
    },

    async book(request: BookingRequest): Promise<Booked | { ok: false; reason: Refusal }> {
      const { decision, freeAt, load } = await decide(request.type, request.start)
      if (!decision.ok) return decision
      const upcoming = await store.meetings.upcomingForEmail(request.lead.email, now())
      if (upcoming >= MAX_UPCOMING_PER_EMAIL) return { ok: false, reason: "too_many_meetings" }
      const token = newToken()
      const attempt = (memberId: string) =>
        store.meetings.book(request.lead, request.plan, {
          type: request.type,
          start: request.start,
          end: decision.slot.end,
          freeAt,
          zone: request.zone,
          language: request.language,
          memberId,
          tokenHash: sha256(token),
        })
      let result = await attempt(decision.memberId)
      // Someone took that member's time since it was read: the next free member, once.
      const others = decision.slot.memberIds.filter((id) => id !== decision.memberId)
      if (!result.ok && others.length > 0)
        result = await attempt(assign({ memberIds: others }, load))
      if (!result.ok) return { ok: false, reason: "slot_taken" }
      invalidate()
      return { ok: true, meeting: (await store.meetings.get(result.id))!, token }
    },

    /** The meeting of a manage link, while the link lives. */
    byToken: withToken,

    async reschedule(token: string, start: number, zone: string | undefined) {
      const found = await withToken(token)
      if (!found.ok) return found
      const current = found.meeting
      if (!ACTIVE.has(current.status)) return { ok: false as const, reason: "not_active" as const }
      const { decision, freeAt } = await decide(current.type, start, current.id)
      if (!decision.ok) return decision
      // The same member when they are free then; otherwise the round robin's choice.
      const memberId = decision.slot.memberIds.includes(current.member.id)
        ? current.member.id
        : decision.memberId
      const moved = await store.meetings.reschedule(current, {
        start,
        end: decision.slot.end,
        freeAt,
        memberId,
        zone: zone ?? current.zone,
      })
      if (!moved) return { ok: false as const, reason: "slot_taken" as const }
      invalidate()
      return { ok: true as const, meeting: (await store.meetings.get(current.id))! }
    },

    async cancel(token: string) {
      const found = await withToken(token)
      if (!found.ok) return found
      if (!ACTIVE.has(found.meeting.status))
        return { ok: false as const, reason: "not_active" as const }
      await store.meetings.cancel(found.meeting)
      invalidate()
      return { ok: true as const, meeting: (await store.meetings.get(found.meeting.id))! }
    },

    /** Done or no-show, once the meeting has started. */
    async outcome(id: string, status: "done" | "no_show") {
      const meeting = await store.meetings.get(id)
      if (!meeting) return { ok: false as const, reason: "not_found" as const }
      if (meeting.start > now()) return { ok: false as const, reason: "not_started" as const }
      if (meeting.status === "cancelled")
        return { ok: false as const, reason: "not_active" as const }
      await store.meetings.setOutcome(id, status)
      return { ok: true as const, meeting: (await store.meetings.get(id))! }
    },
  }
}

export type BookingService = ReturnType<typeof bookingService>

const services = new WeakMap<Store, BookingService>()

/** One service per store in a process: the public and the admin routes share its cache. */
export function bookingServiceOf(store: Store, now: Clock): BookingService {
  let service = services.get(store)
  if (!service) services.set(store, (service = bookingService(store, now)))
  return service
}
