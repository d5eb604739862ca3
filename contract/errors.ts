import { type Static, Type } from "@sinclair/typebox"

/** Every 4xx and 5xx answer: a stable code for programs and a sentence for people. */
export const ErrorBody = Type.Object({ error: Type.String(), message: Type.String() })
export type ErrorPayload = Static<typeof ErrorBody>

/** The error answers every route declares next to its own. */
export const ErrorResponses = { "4xx": ErrorBody, "5xx": ErrorBody } as const

/** An answer without a body (204, 303). */
export const NoBody = Type.Null()

/** What a route that also takes the site's no-JS form posts declares beside its JSON answer (form-post.ts). */
export const FormPostAnswers = { 303: NoBody } as const
