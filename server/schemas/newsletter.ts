import { type Static, Type } from "@sinclair/typebox"
import { EmailAddress, Language } from "./text"

export const NewsletterBody = Type.Object({ email: EmailAddress(), language: Language() }, { additionalProperties: false })
export type NewsletterPayload = Static<typeof NewsletterBody>

export const UnsubscribeQuery = Type.Object({ token: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false })
export const UnsubscribeBody = UnsubscribeQuery
