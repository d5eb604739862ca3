import { type Static, Type } from "@sinclair/typebox"
import { PageQuery } from "./admin"
import { Id, Nullable, StringEnum } from "./text"

/** What the audit log records; the admin's log page names each (admin.json audit.actions). */
export const AUDIT_ACTIONS = [
  "login",
  "login_totp_failed",
  "logout",
  "password_changed",
  "totp_enabled",
  "totp_disabled",
  "message_status",
  "message_assigned",
  "message_note",
  "message_replied",
  "message_deleted",
  "messages_exported",
  "subscribers_exported",
  "personal_data_exported",
  "personal_data_erased",
  "user_added",
  "user_role_changed",
  "user_removed",
  "user_totp_reset",
  "release_published",
  "release_preview",
  "release_rolled_back",
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

export const AuditQuery = Type.Object(
  { messageId: Type.Optional(Id()), ...PageQuery },
  { additionalProperties: false },
)
export type AuditParams = Static<typeof AuditQuery>

/** One line of the audit log: who did what, when, from where. Never a visitor's address or text. */
export const AuditEntry = Type.Object({
  id: Type.String(),
  at: Type.String(),
  username: Type.String(),
  action: StringEnum(AUDIT_ACTIONS),
  messageId: Nullable(Type.String()),
  detail: Nullable(Type.String()),
  ip: Nullable(Type.String()),
})
export type AuditEntry = Static<typeof AuditEntry>
