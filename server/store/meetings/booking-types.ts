/** ISO weekday, as luxon and ISO 8601 count: 1 is Monday, 7 is Sunday. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7

/** A stretch of wall-clock time within one day, "HH:MM" on quarter hours; end may be "24:00". */
export type Hours = { start: string; end: string }

export type WeeklyHours = Partial<Record<Weekday, readonly Hours[]>>

export type MeetingType = {
  key: string
  durationMinutes: number
  /** Kept free after the meeting: it must also fit in the member's hours. */
  bufferAfterMinutes: number
  /** The earliest start is now plus this. */
  minNoticeMinutes: number
  /** The latest start is now plus this many 24-hour days. */
  horizonDays: number
  /** At most this many meetings of this type per member per day of the member's own calendar. */
  dailyCap: number
}

export type MemberAvailability = {
  memberId: string
  /** An IANA zone name: the member's hours are read on this zone's clock. */
  zone: string
  bookable: boolean
  weekly: WeeklyHours
  /** ISO 8601 instants; one without an offset is read in the member's zone. */
  timeOff: readonly { start: string; end: string }[]
}

/** A meeting already booked. `end` is when the member is free again: the meeting's end plus the
 * buffer it was booked with, so that changing a type's buffer does not move existing meetings. */
export type BookedMeeting = { memberId: string; typeKey: string; start: number; end: number }

/** Days ("YYYY-MM-DD" on the company's clock, Europe/Paris) when nobody can be booked. */
export type Closures = readonly string[]

/** A bookable start (UTC ms), the meeting's end (without buffer) and who is free for it. */
export type Slot = { start: number; end: number; memberIds: string[] }
