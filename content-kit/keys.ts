// Key paths of translation files, to compare a language with French.

/**
 * Every leaf of a JSON value as a dotted path ("sections.2.items.0.text"). Empty strings,
 * null, empty lists and empty objects count as absent: the site falls back to French for them.
 */
export function leafPaths(value: unknown, prefix = ""): string[] {
  if (Array.isArray(value)) {
    return value.flatMap((item, index) =>
      leafPaths(item, prefix ? `${prefix}.${index}` : String(index)),
    )
  }
  if (typeof value === "object" && value !== null) {
    return Object.entries(value).flatMap(([key, item]) =>
      leafPaths(item, prefix ? `${prefix}.${key}` : key),
    )
  }
  if (value === null || value === undefined || (typeof value === "string" && value.trim() === ""))
    return []
  return [prefix]
}

/** Key paths of French missing in the other language, and key paths it has that French lacks. */
export function compareKeys(
  french: unknown,
  other: unknown,
): { missing: string[]; extra: string[] } {
  const frenchPaths = new Set(leafPaths(french))
  const otherPaths = new Set(leafPaths(other))
  return {
    missing: [...frenchPaths].filter((key) => !otherPaths.has(key)),
    extra: [...otherPaths].filter((key) => !frenchPaths.has(key)),
  }
}
