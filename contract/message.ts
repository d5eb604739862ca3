import { type Static, Type } from "@sinclair/typebox"
import { MESSAGE_STATUSES, SPAM_REASONS } from "./message-status"
import { Language, Nullable, StringEnum } from "./text"

/** A contact message as the admin API shows it. Times are ISO strings. */
export const Message = Type.Object({
  id: Type.String(),
  createdAt: Type.String(),
  status: StringEnum(MESSAGE_STATUSES),
  name: Type.String(),
  email: Type.String(),
  company: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  message: Type.String(),
  language: Nullable(Language()),
  page: Nullable(Type.String()),
  spamReason: Nullable(StringEnum(SPAM_REASONS)),
})
export type Message = Static<typeof Message>
