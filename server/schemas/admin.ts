import { type Static, Type } from "@sinclair/typebox"
import { MIN_PASSWORD_LENGTH } from "../auth/password"
import { MESSAGE_STATUSES } from "../store/schema"
import { OneLine } from "./text"

// Query strings arrive as text and types are not coerced, so numbers and dates are
// declared as patterns and parsed by the route.
const Digits = (maxDigits: number) => Type.String({ pattern: `^[1-9][0-9]{0,${maxDigits - 1}}$` })
const IsoDate = () => Type.String({ pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" })
const Status = () => Type.Union(MESSAGE_STATUSES.map((s) => Type.Literal(s)))
// Ids are UUIDs; refusing other characters keeps a NUL (which PostgreSQL rejects with a 500) out of queries.
const Id = () => Type.String({ minLength: 1, maxLength: 64, pattern: "^[A-Za-z0-9_-]+$" })

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
  { currentPassword: Type.String({ minLength: 1, maxLength: 1024 }), newPassword: Type.String({ minLength: MIN_PASSWORD_LENGTH, maxLength: 1024 }) },
  { additionalProperties: false },
)
export type PasswordPayload = Static<typeof PasswordBody>

export const PageQuery = { page: Type.Optional(Digits(6)), pageSize: Type.Optional(Digits(3)) }

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

export const MessageListQuery = Type.Object({ ...MessageFilterQuery, ...PageQuery }, { additionalProperties: false })
export type MessageListParams = Static<typeof MessageListQuery>
export const MessageExportQuery = Type.Object(MessageFilterQuery, { additionalProperties: false })

export const SubscriberListQuery = Type.Object({ q: Type.Optional(OneLine({ maxLength: 200 })), ...PageQuery }, { additionalProperties: false })
export type SubscriberListParams = Static<typeof SubscriberListQuery>
export const SubscriberExportQuery = Type.Object({ q: Type.Optional(OneLine({ maxLength: 200 })) }, { additionalProperties: false })

export const IdParams = Type.Object({ id: Id() }, { additionalProperties: false })

export const StatusBody = Type.Object({ status: Status() }, { additionalProperties: false })

export const BulkBody = Type.Object(
  {
    ids: Type.Array(Id(), { minItems: 1, maxItems: 500, uniqueItems: true }),
    action: Type.Union([...MESSAGE_STATUSES.map((s) => Type.Literal(s)), Type.Literal("delete")]),
  },
  { additionalProperties: false },
)
export type BulkPayload = Static<typeof BulkBody>
