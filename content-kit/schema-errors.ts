// Checks content against the schemas of content-kit/schema/ with TypeBox's Value.Errors,
// and words each error for an editor: "hero.title: is required".
import { Kind, type TSchema } from "@sinclair/typebox"
import { Value, ValueErrorType, type ValueError } from "@sinclair/typebox/value"
import { discriminatorKeyword, keyNameKeyword, linkKeyword } from "./schema/fields"

/** How a link is judged: a known site path, or an anchor on this page or on the home page. */
export type LinkContext = {
  isKnown: (to: string) => boolean
  pageIds: string[]
  /** Undefined when the home page's copy cannot be read: its anchors are then not checked. */
  homeIds?: string[]
}

type Obj = Record<string, unknown>
const isObj = (value: unknown): value is Obj =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** "/sections/0/items/2/title" -> "sections.0.items.2.title"; the root is "$". */
const dotted = (pointer: string) => pointer.split("/").filter(Boolean).join(".") || "$"

const literals = (schema: TSchema): unknown[] =>
  (schema.anyOf as TSchema[] | undefined)?.map((option) => option.const) ?? []

/** The variant of a discriminated union that the value names, if any. */
function variantOf(schema: TSchema, value: unknown): TSchema | undefined {
  const key = schema[discriminatorKeyword] as string | undefined
  if (!key || !isObj(value)) return undefined
  return (schema.anyOf as TSchema[]).find(
    (option) => option.properties?.[key]?.const === value[key],
  )
}

function describe(error: ValueError): string {
  const { schema, value } = error
  const length = typeof value === "string" ? value.length : 0
  switch (error.type) {
    case ValueErrorType.ObjectRequiredProperty:
      return "is required"
    case ValueErrorType.ObjectAdditionalProperties:
      return schema.patternProperties
        ? `is not a known ${String(schema[keyNameKeyword] ?? "key")} (written ${Object.keys(schema.patternProperties).join(", ")})`
        : "is not a known field"
    case ValueErrorType.String:
    case ValueErrorType.StringPattern:
      return typeof value === "string" && schema.pattern !== "\\S"
        ? `must be written ${schema.description ?? schema.pattern}`
        : "must be a non-empty string"
    case ValueErrorType.StringMaxLength:
      return `is ${length} characters (${schema.minLength ? `${schema.minLength}-` : "max "}${schema.maxLength})`
    case ValueErrorType.StringMinLength:
      return `is ${length} characters (${schema.minLength}${schema.maxLength ? `-${schema.maxLength}` : " at least"})`
    case ValueErrorType.Array:
      return "must be a list"
    case ValueErrorType.ArrayMinItems:
    case ValueErrorType.ArrayMaxItems:
      return schema.minItems === schema.maxItems
        ? `must list exactly ${schema.minItems} (${schema.description})`
        : `must list at least ${schema.minItems} (${schema.description})`
    case ValueErrorType.Object:
      return "must be an object"
    case ValueErrorType.Number:
      return "must be a number"
    case ValueErrorType.Integer:
      return "must be a whole number"
    case ValueErrorType.NumberExclusiveMinimum:
    case ValueErrorType.IntegerExclusiveMinimum:
      return `must be more than ${schema.exclusiveMinimum}`
    case ValueErrorType.NumberMinimum:
    case ValueErrorType.IntegerMinimum:
      return `must be at least ${schema.minimum}`
    case ValueErrorType.NumberExclusiveMaximum:
      return `must be less than ${schema.exclusiveMaximum}`
    case ValueErrorType.NumberMaximum:
      return `must be at most ${schema.maximum}`
    case ValueErrorType.ObjectMinProperties:
      return `must name at least ${schema.minProperties} (${schema.description})`
    case ValueErrorType.Union:
      return `"${String(value)}" is not one of ${literals(schema).join(", ")} (${schema.description})`
    default:
      return error.message
  }
}

/**
 * Every error of `value` against `schema`, as "path: message", one per path. A section is
 * checked against the variant its `kind` names, so the error says what is wrong inside it.
 */
export function schemaErrors(schema: TSchema, value: unknown, at = ""): string[] {
  const found = new Map<string, string>()
  for (const error of Value.Errors(schema, value)) {
    const path = dotted(at + error.path)
    if (found.has(path) || [...found.keys()].some((parent) => path.startsWith(`${parent}.`)))
      continue
    if (error.type === ValueErrorType.Union && error.schema[discriminatorKeyword]) {
      const key = error.schema[discriminatorKeyword] as string
      const variant = variantOf(error.schema, error.value)
      if (variant) {
        for (const line of schemaErrors(variant, error.value, at + error.path))
          found.set(line.slice(0, line.indexOf(": ")), line.slice(line.indexOf(": ") + 2))
      } else {
        const kinds = (error.schema.anyOf as TSchema[]).map(
          (option) => option.properties[key].const,
        )
        found.set(
          `${path}.${key}`,
          `"${String(isObj(error.value) ? error.value[key] : error.value)}" is not one of ${kinds.join(", ")}`,
        )
      }
      continue
    }
    found.set(path, describe(error))
  }
  return [...found].map(([path, message]) => `${path}: ${message}`)
}

/** Calls `visit` with each value the schema marks as a link, and its path. */
function eachLink(
  schema: TSchema,
  value: unknown,
  path: string,
  visit: (to: unknown, path: string) => void,
): void {
  if (value === undefined) return
  if (schema[linkKeyword]) return visit(value, path)
  const variant = variantOf(schema, value)
  if (variant) return eachLink(variant, value, path, visit)
  if (schema[Kind] === "Array" && Array.isArray(value)) {
    value.forEach((item, index) =>
      eachLink(schema.items as TSchema, item, `${path}.${index}`, visit),
    )
  } else if (schema[Kind] === "Object" && isObj(value)) {
    for (const [key, child] of Object.entries(schema.properties as Record<string, TSchema>)) {
      eachLink(child, value[key], path ? `${path}.${key}` : key, visit)
    }
  }
}

/** Links that lead nowhere: unknown paths and anchors to no section id. */
export function linkErrors(schema: TSchema, value: unknown, links: LinkContext): string[] {
  const errors: string[] = []
  eachLink(schema, value, "", (to, path) => {
    if (typeof to !== "string" || /^(mailto:|tel:|https:\/\/)/.test(to)) return
    const anchor = /^(\/)?#(.+)$/.exec(to)
    if (anchor) {
      const ids = anchor[1] ? links.homeIds : links.pageIds
      if (ids && !ids.includes(anchor[2])) errors.push(`${path}: "${to}" points to no section id`)
    } else if (!links.isKnown(to)) {
      errors.push(`${path}: "${to}" is not a known path of content-kit/routes.ts`)
    }
  })
  return errors
}

/** The ids of a page's sections, for anchors. */
export function sectionIds(data: unknown): string[] {
  if (!isObj(data) || !Array.isArray(data.sections)) return []
  return data.sections.flatMap((section) =>
    isObj(section) && typeof section.id === "string" ? [section.id] : [],
  )
}

/** What the home page needs beyond its template: the anchors the menu links to. */
export function homeErrors(data: unknown): string[] {
  const sections = isObj(data) && Array.isArray(data.sections) ? data.sections.filter(isObj) : []
  const errors: string[] = []
  const process = sections.find((section) => section.id === "process")
  if (!process || process.kind !== "steps")
    errors.push('sections: home needs a "steps" section with id "process"')
  else if (!Array.isArray(process.items) || process.items.length !== 5)
    errors.push('sections: the "process" steps must have exactly 5 items')
  if (!sections.some((section) => section.id === "solutions"))
    errors.push('sections: home needs a section with id "solutions"')
  return errors
}

/** A form's result page (src/templates/form-result.tsx). */
