import { type TSchema, Type } from "@sinclair/typebox"
import { LANGUAGES } from "./languages"

// Bodies are trimmed before validation (see trimStrings), so lengths count what is stored.
// NUL and lone surrogates are refused: PostgreSQL cannot store the first, and the second
// would be silently replaced, storing something other than what was sent. Control characters
// (C0, DEL, C1) are refused too, but for TAB, LF and CR in multi-line text: they are
// terminal escapes and line tricks, never typed. Bidirectional overrides and isolates
// (U+202A-U+202E, U+2066-U+2069) are removed before validation where a route strips them
// (routes/strip-bidi.ts) and refused anywhere else.
const BIDI = "\\u202a-\\u202e\\u2066-\\u2069"
const ONE_LINE = `^[^\\u0000-\\u001f\\u007f-\\u009f${BIDI}\\ud800-\\udfff]*$`
const MULTI_LINE = `^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f${BIDI}\\ud800-\\udfff]*$`

export const OneLine = (options: { minLength?: number; maxLength: number }) =>
  Type.String({ ...options, pattern: ONE_LINE })
export const MultiLine = (options: { minLength?: number; maxLength: number }) =>
  Type.String({ ...options, pattern: MULTI_LINE })
// Ids are UUIDs; refusing other characters keeps a NUL (which PostgreSQL rejects with a 500) out of queries.
export const Id = () => Type.String({ minLength: 1, maxLength: 64, pattern: "^[A-Za-z0-9_-]+$" })
export const EmailAddress = () => Type.String({ format: "email", maxLength: 254 })

/** One of `values`, as `{ type: "string", enum }`: validated by Ajv, written as a plain string by the serializer. */
export const StringEnum = <const T extends readonly string[]>(values: T) =>
  Type.Unsafe<T[number]>({ type: "string", enum: [...values] })

export const Language = () => StringEnum(LANGUAGES)

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])
