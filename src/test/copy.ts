// Tests find text the way visitors do, but never by a hard-coded sentence: they read it from
// content/ by key, so an editor's rewording passes CI and a missing key fails it.
import fs from "node:fs"
import { localeFile, locateContent } from "../../content-kit/locate"
import { defaultLanguage, type Language } from "../i18n/languages"

function read(language: Language, ns: string): unknown {
  const file = localeFile(locateContent(), language, ns)
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : undefined
}

function at(value: unknown, key: string): unknown {
  return key
    .split(".")
    .reduce<unknown>(
      (node, part) =>
        node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined,
      value,
    )
}

/**
 * The text of `key` ("nav.home", or "contact:hero.title" for another namespace than common)
 * as a visitor reads it in `language`: with {{values}} filled in, from French when the
 * language lacks it. Throws when French lacks it too.
 */
export function copy(
  language: Language,
  key: string,
  values: Record<string, string | number> = {},
): string {
  const [ns, name] = key.includes(":") ? key.split(":") : ["common", key]
  const plural =
    values.count === undefined ? [] : [`${name}_${values.count === 1 ? "one" : "other"}`]
  for (const lng of [language, defaultLanguage]) {
    for (const candidate of [name, ...plural]) {
      const text = at(read(lng, ns), candidate)
      if (typeof text === "string" && text.trim() !== "") {
        const filled = text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, field: string) =>
          field in values ? String(values[field]) : whole,
        )
        // As the page reads: runs of spaces, no-break ones included, count as one space.
        return filled.replace(/\s+/g, " ").trim()
      }
    }
  }
  throw new Error(`content/locales/${defaultLanguage}/${ns}.json has no text at "${name}"`)
}

/** A pattern that finds `copy(...)` inside a longer name (a label followed by "(optional)"). */
export function copyPattern(
  language: Language,
  key: string,
  values?: Record<string, string | number>,
): RegExp {
  return new RegExp(copy(language, key, values).replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
}
