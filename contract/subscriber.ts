import { type Static, Type } from "@sinclair/typebox"
import { Language, Nullable } from "./text"

/** A newsletter subscriber as the admin list shows it: no token, no consent record. */
export const Subscriber = Type.Object({
  id: Type.String(),
  email: Type.String(),
  language: Language(),
  createdAt: Type.String(),
  /** Null while a double opt-in waits for the address to confirm from the mail. */
  confirmedAt: Nullable(Type.String()),
})
export type Subscriber = Static<typeof Subscriber>
