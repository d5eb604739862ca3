import { type Static, Type } from "@sinclair/typebox"
import { PageQuery } from "./admin"
import { MEETING_STATUSES, MEETING_TYPE_KEYS } from "./booking"
import { Message } from "./message"
import { MESSAGE_STATUSES } from "./message-status"
import { ROLES } from "./roles"
import { EmailAddress, Language, Nullable, StringEnum } from "./text"

// The address travels in a POST body, never in a URL: URLs end up in the server's logs.
export const EmailBody = Type.Object({ email: EmailAddress() }, { additionalProperties: false })
export type EmailPayload = Static<typeof EmailBody>

export const ErasureListQuery = Type.Object(PageQuery, { additionalProperties: false })
export type ErasureListParams = Static<typeof ErasureListQuery>

/**
 * A team note on one of the person's messages: its text and date, and the author's role in
 * the team when it was written (null for a note written before roles were recorded with notes
 * by an account already removed then), not the author's account name,
 * which is a team member's sign-in name (docs/INBOX.md, "Personal-data requests").
 */
export const PersonalNote = Type.Object({
  createdAt: Type.String(),
  text: Type.String(),
  authorRole: Nullable(StringEnum(ROLES)),
})
export type PersonalNote = Static<typeof PersonalNote>

/** What the team did with the message and when (from the audit log), not who nor from where. */
export const MESSAGE_EVENTS = ["status_changed", "assigned", "unassigned"] as const
export const MessageEvent = Type.Object({
  at: Type.String(),
  action: StringEnum(MESSAGE_EVENTS),
  /** The new status, for `status_changed`; null otherwise. */
  status: Nullable(StringEnum(MESSAGE_STATUSES)),
})
export type MessageEvent = Static<typeof MessageEvent>

// Who in the team handles a message is about that team member: the person gets "assigned" and
// "unassigned" events in the history instead of the inbox's `assignee` account.
const { assignee, ...messageFields } = Message.properties

/**
 * A meeting the person booked (a lead of kind meeting): its type, times (ISO), the visitor's zone,
 * status and language; not the team member it was given to, who is the team's.
 */
export const PersonalMeeting = Type.Object({
  type: StringEnum(MEETING_TYPE_KEYS),
  start: Type.String(),
  end: Type.String(),
  zone: Type.String(),
  status: StringEnum(MEETING_STATUSES),
  language: Language(),
})
export type PersonalMeeting = Static<typeof PersonalMeeting>

/**
 * One of the person's messages as the inbox stores it, with the team's notes on it and its
 * history, oldest first, and for a booked meeting's lead its meetings.
 */
export const PersonalMessage = Type.Object({
  ...messageFields,
  notes: Type.Array(PersonalNote),
  history: Type.Array(MessageEvent),
  meetings: Type.Optional(Type.Array(PersonalMeeting)),
})
export type PersonalMessage = Static<typeof PersonalMessage>

/** Everything stored about one address (GDPR articles 15 and 20). */
export const PersonalData = Type.Object({
  email: Type.String(),
  messages: Type.Array(PersonalMessage),
  subscription: Nullable(
    Type.Object({
      email: Type.String(),
      language: Language(),
      subscribedAt: Type.String(),
      consentAt: Nullable(Type.String()),
      consentVersion: Nullable(Type.String()),
      confirmedAt: Nullable(Type.String()),
    }),
  ),
})
export type PersonalData = Static<typeof PersonalData>

/** The same as a file handed to the person (GDPR article 20), with the time it was made. */
export const PersonalDataFile = Type.Composite([
  Type.Object({ exportedAt: Type.String() }),
  PersonalData,
])
export type PersonalDataFile = Static<typeof PersonalDataFile>

/** One erasure made on a person's request: who, when, a hash of the address and what went. */
export const Erasure = Type.Object({
  id: Type.String(),
  erasedAt: Type.String(),
  adminUsername: Type.String(),
  emailSha256: Type.String(),
  messages: Type.Integer(),
  subscriptions: Type.Integer(),
})
export type Erasure = Static<typeof Erasure>
