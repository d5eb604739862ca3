import { type Static, Type } from "@sinclair/typebox"
import { PageQuery } from "./admin"
import { Message } from "./message"
import { EmailAddress, Language, Nullable } from "./text"

// The address travels in a POST body, never in a URL: URLs end up in the server's logs.
export const EmailBody = Type.Object({ email: EmailAddress() }, { additionalProperties: false })
export type EmailPayload = Static<typeof EmailBody>

export const ErasureListQuery = Type.Object(PageQuery, { additionalProperties: false })
export type ErasureListParams = Static<typeof ErasureListQuery>

/** Everything stored about one address (GDPR articles 15 and 20). */
export const PersonalData = Type.Object({
  email: Type.String(),
  messages: Type.Array(Message),
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
