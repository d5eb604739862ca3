import { type Static, Type } from "@sinclair/typebox"
import { LeadSourceFields } from "./lead-source-schema"
import { EmailAddress, Language, MultiLine, Nullable, OneLine, StringEnum } from "./text"

// Meetings (issue 49). Instants are ISO 8601 strings in UTC ("2027-03-29T07:00:00.000Z");
// zones are IANA names. The rules behind the slots are server/booking/ (docs/BOOKING.md).

export const MEETING_TYPE_KEYS = ["demo", "consultation"] as const
export type MeetingTypeKey = (typeof MEETING_TYPE_KEYS)[number]

/** booked → rescheduled (any number of times) → cancelled | done | no_show. */
export const MEETING_STATUSES = ["booked", "rescheduled", "cancelled", "done", "no_show"] as const
export type MeetingStatus = (typeof MEETING_STATUSES)[number]

/** An IANA zone name as typed or sent; the server checks it with luxon (400 bad_zone). */
export const ZoneName = () =>
  Type.String({ minLength: 1, maxLength: 64, pattern: "^[A-Za-z0-9_+/-]+$" })
const Instant = () => Type.String({ format: "date-time", maxLength: 40 })
const Token = () => Type.String({ minLength: 1, maxLength: 100, pattern: "^[A-Za-z0-9_-]+$" })

export const SlotsQuery = Type.Object(
  {
    type: StringEnum(MEETING_TYPE_KEYS),
    /** First instant wanted (default: now); the answer never starts before now + notice. */
    from: Type.Optional(Instant()),
    /** Last instant wanted (default and maximum: now + horizon). */
    to: Type.Optional(Instant()),
  },
  { additionalProperties: false },
)

export const BookingSlot = Type.Object({ start: Type.String(), end: Type.String() })
export const SlotsAnswer = Type.Object({
  type: StringEnum(MEETING_TYPE_KEYS),
  /** The team's zone, named beside the visitor's. */
  teamZone: Type.String(),
  slots: Type.Array(BookingSlot),
})
export type SlotsPayload = Static<typeof SlotsAnswer>

/** The body of `POST /api/booking`: the contact form's fields and rules, plus the slot. */
export const BookingBody = Type.Object(
  {
    type: StringEnum(MEETING_TYPE_KEYS),
    start: Instant(),
    /** The zone the visitor read the slot in: the mails and the invitation's text use it. */
    zone: ZoneName(),
    name: OneLine({ minLength: 1, maxLength: 200 }),
    Email: EmailAddress(),
    Company: OneLine({ minLength: 1, maxLength: 200 }),
    Phone: Type.Optional(OneLine({ maxLength: 50 })),
    Message: Type.Optional(MultiLine({ maxLength: 10_000 })),
    Language: Type.Optional(Language()),
    Page: Type.Optional(
      Type.String({ maxLength: 300, pattern: "^/[^\\u0000-\\u001f\\u007f\\ud800-\\udfff]*$" }),
    ),
    /** Honeypot, as on the contact form. */
    Website: Type.Optional(Type.String({ maxLength: 1000 })),
    ElapsedMs: Type.Optional(Type.Integer({ minimum: 0 })),
    ...LeadSourceFields,
  },
  { additionalProperties: false },
)
export type BookingPayload = Static<typeof BookingBody>

/** A meeting as its visitor sees it (the answer to booking and to the manage link). */
export const BookingView = Type.Object({
  id: Type.String(),
  type: StringEnum(MEETING_TYPE_KEYS),
  status: StringEnum(MEETING_STATUSES),
  start: Type.String(),
  end: Type.String(),
  zone: Type.String(),
  language: Language(),
  name: Type.String(),
  /** Raised by each reschedule; the invitation's SEQUENCE. */
  sequence: Type.Integer({ minimum: 0 }),
  /** The reschedule-or-cancel token: only in the answer to the booking itself and in mails. */
  token: Type.Optional(Type.String()),
})
export type BookingViewPayload = Static<typeof BookingView>

export const ManageQuery = Type.Object({ token: Token() }, { additionalProperties: false })
export const RescheduleBody = Type.Object(
  { token: Token(), start: Instant(), zone: Type.Optional(ZoneName()) },
  { additionalProperties: false },
)
export const CancelBody = Type.Object({ token: Token() }, { additionalProperties: false })

// The team's side.

export const Hours = Type.Object({
  start: Type.String({ pattern: "^([01][0-9]|2[0-3]):(00|15|30|45)$" }),
  end: Type.String({ pattern: "^(([01][0-9]|2[0-3]):(00|15|30|45)|24:00)$" }),
})
/** ISO weekday "1" (Monday) to "7" (Sunday) → stretches of hours. */
export const WeeklyHours = Type.Record(
  Type.String({ pattern: "^[1-7]$" }),
  Type.Array(Hours, { maxItems: 6 }),
)
export const TimeOff = Type.Object({
  start: Type.String({ maxLength: 40 }),
  end: Type.String({ maxLength: 40 }),
})

export const Availability = Type.Object(
  {
    /** Where the member's invitations and reminders go; none: only their calendar feed. */
    email: Nullable(EmailAddress()),
    zone: ZoneName(),
    bookable: Type.Boolean(),
    weekly: WeeklyHours,
    timeOff: Type.Array(TimeOff, { maxItems: 200 }),
  },
  { additionalProperties: false },
)
export const MemberAvailability = Type.Intersect([
  Type.Object({ memberId: Type.String(), username: Type.String() }),
  Availability,
])

export const MeetingTypeSettings = Type.Object(
  {
    durationMinutes: Type.Integer({ minimum: 15, maximum: 240, multipleOf: 15 }),
    bufferAfterMinutes: Type.Integer({ minimum: 0, maximum: 120, multipleOf: 15 }),
    minNoticeMinutes: Type.Integer({ minimum: 0, maximum: 20_160 }),
    horizonDays: Type.Integer({ minimum: 1, maximum: 365 }),
    dailyCap: Type.Integer({ minimum: 1, maximum: 48 }),
  },
  { additionalProperties: false },
)
export const MeetingTypeView = Type.Intersect([
  Type.Object({ key: StringEnum(MEETING_TYPE_KEYS) }),
  MeetingTypeSettings,
])

/** Days ("YYYY-MM-DD", the company's calendar) when nobody can be booked. */
export const ClosuresBody = Type.Object(
  { dates: Type.Array(Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$" }), { maxItems: 366 }) },
  { additionalProperties: false },
)

export const BookingSettings = Type.Object({
  members: Type.Array(MemberAvailability),
  closures: Type.Array(Type.String()),
  types: Type.Array(MeetingTypeView),
})

/** A meeting as the team sees it. */
export const MeetingView = Type.Object({
  id: Type.String(),
  /** The inbox message this meeting is a lead of. */
  messageId: Type.String(),
  type: StringEnum(MEETING_TYPE_KEYS),
  status: StringEnum(MEETING_STATUSES),
  start: Type.String(),
  end: Type.String(),
  zone: Type.String(),
  language: Language(),
  name: Type.String(),
  email: Type.String(),
  company: Nullable(Type.String()),
  member: Type.Object({ id: Type.String(), username: Type.String() }),
  sequence: Type.Integer({ minimum: 0 }),
})
export type MeetingViewPayload = Static<typeof MeetingView>

export const MeetingsQuery = Type.Object(
  { from: Type.Optional(Instant()), to: Type.Optional(Instant()) },
  { additionalProperties: false },
)
export const OutcomeBody = Type.Object(
  { status: StringEnum(["done", "no_show"] as const) },
  { additionalProperties: false },
)
/** A member's secret calendar subscription: shown once when made, revoked by a new one. */
export const FeedAnswer = Type.Object({ url: Nullable(Type.String()) })
export const FeedParams = Type.Object({ token: Token() }, { additionalProperties: false })
