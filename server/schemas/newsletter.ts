import { type Static, Type } from "@sinclair/typebox"
import { EmailAddress, Language } from "./text"

export const NewsletterBody = Type.Object(
  {
    email: EmailAddress(),
    language: Language(),
    /** The version of the consent wording the visitor saw (common.json footer.newsletter.consentVersion). */
    consentVersion: Type.Optional(Type.String({ minLength: 1, maxLength: 40, pattern: "^[A-Za-z0-9._-]+$" })),
  },
  { additionalProperties: false },
)
export type NewsletterPayload = Static<typeof NewsletterBody>

// Tokens are base64url (store/subscribers.ts); anything else, a NUL above all, never reaches the store.
export const TokenQuery = Type.Object({ token: Type.String({ minLength: 1, maxLength: 100, pattern: "^[A-Za-z0-9_-]+$" }) }, { additionalProperties: false })
export const UnsubscribeBody = TokenQuery
