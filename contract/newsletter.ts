import { type Static, Type } from "@sinclair/typebox"
import { EmailAddress, Language, StringEnum } from "./text"

export const NewsletterBody = Type.Object(
  {
    email: EmailAddress(),
    language: Language(),
    /** The version of the consent wording the visitor saw (common.json footer.newsletter.consentVersion). */
    consentVersion: Type.Optional(
      Type.String({ minLength: 1, maxLength: 40, pattern: "^[A-Za-z0-9._-]+$" }),
    ),
  },
  { additionalProperties: false },
)
export type NewsletterPayload = Static<typeof NewsletterBody>

/**
 * The 202 answer, the same whether the address was new, pending or subscribed, so that it
 * tells no one who is subscribed. `confirmation_sent`: double opt-in, the address confirms
 * from the mail (with SMTP_URL only); `subscribed`: without a mail server it counts at once.
 */
export const SUBSCRIBE_STATUSES = ["subscribed", "confirmation_sent"] as const
export const SubscribeAnswer = Type.Object({ status: StringEnum(SUBSCRIBE_STATUSES) })
export type SubscribeStatus = (typeof SUBSCRIBE_STATUSES)[number]

export const ConfirmAnswer = Type.Object({ status: Type.Literal("confirmed") })
export const UnsubscribeAnswer = Type.Object({ status: Type.Literal("unsubscribed") })

// Tokens are base64url (store/subscribers.ts); anything else, a NUL above all, never reaches the store.
const Token = () => Type.String({ minLength: 1, maxLength: 100, pattern: "^[A-Za-z0-9_-]+$" })
export const TokenQuery = Type.Object({ token: Token() }, { additionalProperties: false })
export const TokenBody = TokenQuery
export type TokenPayload = Static<typeof TokenBody>

/**
 * The unsubscribe POST: `{ token }` from the site's page, or RFC 8058 one-click from a mail
 * client, which posts `List-Unsubscribe=One-Click` to the link (the token in its query).
 */
export const UnsubscribeQuery = Type.Object(
  { token: Type.Optional(Token()) },
  { additionalProperties: false },
)
export const UnsubscribeBody = Type.Union([
  TokenBody,
  Type.Object({ "List-Unsubscribe": Type.Literal("One-Click") }, { additionalProperties: false }),
])
export type UnsubscribePayload = Static<typeof UnsubscribeBody>
