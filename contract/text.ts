import { type TSchema, Type } from "@sinclair/typebox"
import { LANGUAGES } from "./languages"

// Bodies are trimmed before validation (see trimStrings), so lengths count what is stored.
// NUL and lone surrogates are refused: PostgreSQL cannot store the first, and the second
// would be silently replaced, storing something other than what was sent.
const ONE_LINE = "^[^\\u0000-\\u001f\\u007f\\ud800-\\udfff]*$"
const MULTI_LINE = "^[^\\u0000\\ud800-\\udfff]*$"

export const OneLine = (options: { minLength?: number; maxLength: number }) => Type.String({ ...options, pattern: ONE_LINE })
export const MultiLine = (options: { minLength?: number; maxLength: number }) => Type.String({ ...options, pattern: MULTI_LINE })
export const EmailAddress = () => Type.String({ format: "email", maxLength: 254 })

/** One of `values`, as `{ type: "string", enum }`: validated by Ajv, written as a plain string by the serializer. */
export const StringEnum = <const T extends readonly string[]>(values: T) => Type.Unsafe<T[number]>({ type: "string", enum: [...values] })

export const Language = () => StringEnum(LANGUAGES)

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])
