import type { MemberAvailability, Slot } from "../store/meetings/booking-types"
import { DAY, MINUTE } from "./clock"
import { TICK } from "./hours"
import { bookingWindow, DEFAULT_STEP, memberSchedule, type Rules } from "./schedule"

export type SlotQuery = Omit<Rules, "step"> & {
  members: readonly MemberAvailability[]
  /** The starts asked for: from inclusive, to exclusive (UTC ms). */
  from: number
  to: number
  now: number
  step?: number
}

/** The earliest and the latest start that notice and horizon allow. */
export function bookableRange(type: Rules["type"], now: number) {
  return { earliest: now + type.minNoticeMinutes * MINUTE, latest: now + type.horizonDays * DAY }
}

/** Every start in [from, to) that at least one bookable member can take, in order. */
export function slots(query: SlotQuery): Slot[] {
  const { type, members, now } = query
  const rules = { ...query, step: query.step ?? DEFAULT_STEP }
  const { earliest, latest } = bookableRange(type, now)
  const from = Math.max(query.from, earliest)
  const to = Math.min(query.to, latest + 1)
  if (from >= to) return []
  const window = bookingWindow(rules, from, to)
  const schedules = members.map((member) => ({ member, verdict: memberSchedule(window, member) }))
  const found: Slot[] = []
  for (let start = Math.ceil(from / TICK) * TICK; start < to; start += TICK) {
    const memberIds = schedules
      .filter(({ verdict }) => verdict(start) === "free")
      .map(({ member }) => member.memberId)
      .sort()
    if (memberIds.length > 0)
      found.push({ start, end: start + type.durationMinutes * MINUTE, memberIds })
  }
  return found
}
