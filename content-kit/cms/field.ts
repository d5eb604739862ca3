/** One field of the Sveltia CMS configuration, as content-kit/cms/ writes them. */
export type Field = {
  name: string
  label: string
  widget:
    | "string"
    | "text"
    | "list"
    | "object"
    | "select"
    | "hidden"
    | "markdown"
    | "datetime"
    | "image"
    | "boolean"
    | "number"
  hint?: string
  required?: boolean
  i18n?: boolean | "duplicate"
  fields?: Field[]
  field?: Field
  types?: { name: string; label: string; widget: "object"; fields: Field[] }[]
  typeKey?: string
  options?: readonly string[]
  default?: unknown
  [key: string]: unknown
}
