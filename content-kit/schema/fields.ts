// The building blocks of the content schema. Each field carries a `description`: it is what
// docs/CONTENT-SCHEMA.md tells editors (npm run content:docs writes it from these schemas).
import { Type, type SchemaOptions, type TSchema } from "@sinclair/typebox"

/** Marks a string that must lead somewhere on the site: the content check follows it. */
export const linkKeyword = "x-link"
/** Names what the keys of a record are ("market"): the editors' reference writes `<market>`. */
export const keyNameKeyword = "x-key"
/** Names the field whose value picks the variant of a union (sections pick by `kind`). */
export const discriminatorKeyword = "x-discriminator"

/** A non-empty text (blanks alone count as empty). */
export const Text = (description: string, options: SchemaOptions = {}) =>
  Type.String({ pattern: "\\S", description, ...options })

export const TextList = (description: string, options: SchemaOptions = {}) =>
  Type.Array(Text("one entry"), { minItems: 1, description, ...options })

export const Link = Type.String({
  pattern: "\\S",
  [linkKeyword]: true,
  description: "where it leads: a site path, a post, an anchor, mailto:, tel: or https://",
})

export const Action = Type.Object(
  { label: Text("the words on the button or link"), to: Link },
  { additionalProperties: false, description: "a button or link" },
)

/** A closed object: a misspelt key is reported instead of silently ignored. */
export const Shape = <T extends Parameters<typeof Type.Object>[0]>(
  properties: T,
  description: string,
) => Type.Object(properties, { additionalProperties: false, description })

/** One of several literal words, e.g. an icon name. */
export const OneOf = (words: readonly string[], description: string) =>
  Type.Union(
    words.map((word) => Type.Literal(word)),
    { description },
  )

export const Meta = Shape(
  {
    title: Text("the browser tab and search result title, without the brand", { maxLength: 60 }),
    description: Text("the search result snippet", { minLength: 120, maxLength: 160 }),
  },
  "what search engines and link previews show",
)

export const isSchema = (value: unknown): value is TSchema =>
  typeof value === "object" && value !== null
