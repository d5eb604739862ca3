import type { Slot } from "../store/meetings/booking-types"

/** How busy a member is: meetings still to come, and when they were last given one (UTC ms). */
export type MemberLoad = { upcoming: number; lastAssignedAt: number | null }

const IDLE: MemberLoad = { upcoming: 0, lastAssignedAt: null }

/**
 * Round robin: the free member with the fewest upcoming meetings; on a tie, the one whose last
 * assignment is the oldest (never assigned comes first), then the smallest member id, so the
 * same inputs always give the same member.
 */
export function assign(
  slot: Pick<Slot, "memberIds">,
  load: ReadonlyMap<string, MemberLoad>,
): string {
  if (slot.memberIds.length === 0) throw new RangeError("a slot without a free member")
  const rank = (memberId: string) => load.get(memberId) ?? IDLE
  return [...slot.memberIds].sort((a, b) => {
    const [left, right] = [rank(a), rank(b)]
    return (
      left.upcoming - right.upcoming ||
      (left.lastAssignedAt ?? -Infinity) - (right.lastAssignedAt ?? -Infinity) ||
      (a < b ? -1 : a > b ? 1 : 0)
    )
  })[0]
}
