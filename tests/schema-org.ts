// Checks JSON-LD against the schema.org vocabulary that schema-dts ships (its generated
// declarations list every type's properties and parent types): an unknown type or a property
// the type does not define is an error, and so is a missing property from `expected`.
import fs from "node:fs"

type Vocabulary = Map<string, { parents: string[]; properties: string[] }>

let vocabulary: Vocabulary | null = null

function loadVocabulary(): Vocabulary {
  if (vocabulary) return vocabulary
  const source = fs.readFileSync(require.resolve("schema-dts/dist/schema.d.ts"), "utf8")
  const found: Vocabulary = new Map()
  const block = /(?:export )?interface (\w+) extends ([\w<>, ]+?) \{\n([\s\S]*?)\n\}/g
  for (const [, name, parents, body] of source.matchAll(block)) {
    found.set(name, {
      parents: parents.split(",").map((parent) => parent.trim().replace(/<.*$/, "")),
      properties: [...body.matchAll(/^ {4}"([^"]+)"\??:/gm)].map((match) => match[1]),
    })
  }
  vocabulary = found
  return found
}

/** Every property schema.org allows on `type` (its Leaf interface and all its parents), or null for an unknown type. */
export function propertiesOf(type: string): Set<string> | null {
  const known = loadVocabulary()
  const start = known.get(`${type}Leaf`)
  if (!start) return null
  const properties = new Set<string>(["@context", "@type", "@id"])
  const queue = [`${type}Leaf`]
  const seen = new Set<string>()
  while (queue.length) {
    const name = queue.shift()!
    if (seen.has(name)) continue
    seen.add(name)
    const entry = known.get(name)
    if (!entry) continue
    entry.properties.forEach((property) => properties.add(property))
    queue.push(...entry.parents)
  }
  return properties
}

/** Properties a search engine needs on each type (Google's required and recommended ones). */
export const expected: Record<string, string[]> = {
  Organization: ["name", "url", "logo"],
  BreadcrumbList: ["itemListElement"],
  ListItem: ["position", "name", "item"],
  BlogPosting: [
    "headline",
    "description",
    "datePublished",
    "dateModified",
    "author",
    "publisher",
    "image",
    "mainEntityOfPage",
    "inLanguage",
  ],
  Person: ["name"],
  ImageObject: ["url"],
  WebPage: ["@id"],
}

/** Errors of one JSON-LD value and everything nested in it, each prefixed with its path. */
export function validateJsonLd(value: unknown, at = "$"): string[] {
  if (Array.isArray(value))
    return value.flatMap((item, index) => validateJsonLd(item, `${at}[${index}]`))
  if (typeof value !== "object" || value === null) return []
  const object = value as Record<string, unknown>
  const errors: string[] = []
  const type = object["@type"]
  if (typeof type === "string") {
    const allowed = propertiesOf(type)
    if (!allowed) return [`${at}: "${type}" is not a schema.org type`]
    for (const key of Object.keys(object))
      if (!allowed.has(key)) errors.push(`${at}: schema.org ${type} has no property "${key}"`)
    for (const key of expected[type] ?? []) {
      const present = object[key]
      if (
        present === undefined ||
        present === null ||
        present === "" ||
        (Array.isArray(present) && present.length === 0)
      ) {
        errors.push(`${at}: ${type} needs "${key}"`)
      }
    }
  }
  for (const [key, item] of Object.entries(object))
    errors.push(...validateJsonLd(item, `${at}.${key}`))
  return errors
}
