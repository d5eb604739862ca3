import type { MeetingTypeKey } from "../../contract/booking"
import type { StoredRules } from "../store/meetings"
import type { MeetingType, MemberAvailability, WeeklyHours } from "../store/meetings/booking-types"
import { defaultAvailability, MEETING_TYPES } from "./defaults"

/** The rules the slots are computed from: what the team set, the defaults for the rest. */
export type BookingRules = {
  types: MeetingType[]
  members: (MemberAvailability & { username: string; email: string | null })[]
  closures: string[]
}

export function rulesOf(stored: StoredRules): BookingRules {
  return {
    types: MEETING_TYPES.map((type) => ({
      ...type,
      ...stored.types[type.key as MeetingTypeKey],
      key: type.key,
    })),
    members: stored.members.map(({ memberId, username, availability }) =>
      availability
        ? {
            memberId,
            username,
            email: availability.email,
            zone: availability.zone,
            bookable: availability.bookable,
            weekly: availability.weekly as WeeklyHours,
            timeOff: availability.timeOff,
          }
        : { ...defaultAvailability(memberId), username, email: null },
    ),
    closures: stored.closures,
  }
}
