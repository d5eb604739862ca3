import { type Static, Type } from "@sinclair/typebox"
import { LeadSource } from "./lead-source-schema"
import { MESSAGE_KINDS, MESSAGE_STATUSES, SPAM_REASONS } from "./message-status"
import { QuoteRecord } from "./quote"
import { Language, Nullable, StringEnum } from "./text"

/** An admin account as a message names it (its assignee). */
export const AccountRef = Type.Object({ id: Type.String(), username: Type.String() })

/** A contact message as the admin API shows it. Times are ISO strings. */
export const Message = Type.Object({
  id: Type.String(),
  createdAt: Type.String(),
  kind: StringEnum(MESSAGE_KINDS),
  status: StringEnum(MESSAGE_STATUSES),
  name: Type.String(),
  email: Type.String(),
  company: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  message: Type.String(),
  language: Nullable(Language()),
  page: Nullable(Type.String()),
  spamReason: Nullable(StringEnum(SPAM_REASONS)),
  source: LeadSource,
  /** Who handles it; null while nobody does. */
  assignee: Nullable(AccountRef),
  /** A lead of kind quote's study, its estimate and the rate card's version. */
  quote: Type.Optional(QuoteRecord),
})
export type Message = Static<typeof Message>
