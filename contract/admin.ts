import { type Static, type TSchema, Type } from "@sinclair/typebox"
import { MESSAGE_STATUSES } from "./message-status"
import { ROLES } from "./roles"
import { MIN_PASSWORD_LENGTH } from "./session"
import { Id, OneLine, StringEnum } from "./text"

// Query strings arrive as text and types are not coerced, so numbers and dates are
// declared as patterns and parsed by the route.
const Digits = (maxDigits: number) => Type.String({ pattern: `^[1-9][0-9]{0,${maxDigits - 1}}$` })
export const IsoDate = () => Type.String({ pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" })
const Status = () => StringEnum(MESSAGE_STATUSES)

export const LoginBody = Type.Object(
  {
    username: OneLine({ minLength: 1, maxLength: 64 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
    /** The current TOTP code, for an account with two-factor sign-in on. */
    totp: Type.Optional(Type.String({ pattern: "^[0-9]{6}$" })),
  },
  { additionalProperties: false },
)
export type LoginPayload = Static<typeof LoginBody>

export const PasswordBody = Type.Object(
  {
    currentPassword: Type.String({ minLength: 1, maxLength: 1024 }),
    newPassword: Type.String({ minLength: MIN_PASSWORD_LENGTH, maxLength: 1024 }),
  },
  { additionalProperties: false },
)
export type PasswordPayload = Static<typeof PasswordBody>

/** Sign-in and password change: when the new session ends, epoch milliseconds, to compare with `Date.now()`. */
export const SessionExpiry = Type.Object({ expiresAt: Type.Number() })
export const SessionAnswer = Type.Object({
  username: Type.String(),
  expiresAt: Type.Number(),
  role: StringEnum(ROLES),
  totpEnabled: Type.Boolean(),
  /** ADMIN_REQUIRE_2FA is on and this owner has no TOTP yet: only the TOTP setup is open. */
  totpSetupRequired: Type.Boolean(),
})
export type SessionInfo = Static<typeof SessionAnswer>

export const PageQuery = { page: Type.Optional(Digits(6)), pageSize: Type.Optional(Digits(3)) }

/** One page of a list, newest first. */
export const PageOf = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    total: Type.Integer(),
    page: Type.Integer(),
    pageSize: Type.Integer(),
  })
export type Page<T> = { items: T[]; total: number; page: number; pageSize: number }

export const MessageFilterQuery = {
  q: Type.Optional(OneLine({ maxLength: 200 })),
  status: Type.Optional(Status()),
  /** First day included, UTC, YYYY-MM-DD. */
  from: Type.Optional(IsoDate()),
  /** Last day included, UTC, YYYY-MM-DD. */
  to: Type.Optional(IsoDate()),
  /** "me", "none" (nobody), or an account id. */
  assignee: Type.Optional(Id()),
}

export const MessageListQuery = Type.Object(
  { ...MessageFilterQuery, ...PageQuery },
  { additionalProperties: false },
)
export type MessageListParams = Static<typeof MessageListQuery>
export const MessageExportQuery = Type.Object(MessageFilterQuery, { additionalProperties: false })
export type MessageFilterParams = Static<typeof MessageExportQuery>

export const SubscriberListQuery = Type.Object(
  { q: Type.Optional(OneLine({ maxLength: 200 })), ...PageQuery },
  { additionalProperties: false },
)
export type SubscriberListParams = Static<typeof SubscriberListQuery>
export const SubscriberExportQuery = Type.Object(
  { q: Type.Optional(OneLine({ maxLength: 200 })) },
  { additionalProperties: false },
)

export const IdParams = Type.Object({ id: Id() }, { additionalProperties: false })

export const StatusBody = Type.Object({ status: Status() }, { additionalProperties: false })

export const BULK_ACTIONS = [...MESSAGE_STATUSES, "delete"] as const
export type BulkAction = (typeof BULK_ACTIONS)[number]
export const BulkBody = Type.Object(
  {
    ids: Type.Array(Id(), { minItems: 1, maxItems: 500, uniqueItems: true }),
    action: StringEnum(BULK_ACTIONS),
  },
  { additionalProperties: false },
)
export type BulkPayload = Static<typeof BulkBody>
export const BulkAnswer = Type.Object({ changed: Type.Integer() })

/** A CSV or JSON file to save: streamed as it is, never through the JSON serializer. */
export const Download = Type.String({ description: "a file, with content-disposition: attachment" })
