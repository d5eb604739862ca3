// A request that a table entry's schemas accept, so that it reaches what runs after
// validation (the session and role guards are preHandlers). Built from the JSON Schema only.

type Schema = {
  anyOf?: Schema[]
  const?: unknown
  enum?: unknown[]
  type?: string
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  minItems?: number
  minLength?: number
  pattern?: string
  format?: string
  minimum?: number
}

// Tried in order against a string's pattern: ids, digits, TOTP codes, dates, paths.
// The last is a release id (contract/releases.ts).
const CANDIDATES = ["x", "7", "123456", "2026-01-01", "/x", "20260101T000000Z-local-abcdef"]

export function sample(schema: Schema): unknown {
  if (schema.anyOf) return sample(schema.anyOf[0])
  if ("const" in schema) return schema.const
  if (schema.enum) return schema.enum[0]
  switch (schema.type) {
    case "object":
      return Object.fromEntries(
        (schema.required ?? []).map((key) => [key, sample(schema.properties![key])]),
      )
    case "array":
      return Array.from({ length: Math.max(schema.minItems ?? 0, 1) }, () => sample(schema.items!))
    case "string": {
      if (schema.format === "email") return "someone@example.com"
      if (schema.format === "date-time") return "2030-01-07T09:00:00.000Z"
      const length = schema.minLength ?? 1
      const pattern = schema.pattern ? new RegExp(schema.pattern, "u") : null
      const found = CANDIDATES.map((text) => text.padEnd(length, "x")).find(
        (text) => !pattern || pattern.test(text),
      )
      if (found === undefined) throw new Error(`no sample string matches ${schema.pattern}`)
      return found
    }
    case "integer":
    case "number":
      return schema.minimum ?? 0
    case "boolean":
      return false
    default:
      return null
  }
}
