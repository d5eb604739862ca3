// The go-live check: every [BRACKETED] placeholder still in the site's copy, with its file,
// key and language, and the rate card's while its figures are examples ("all" languages). `npm run check:content -- --release` lists them and fails on any; a
// release build (SITE_RELEASE=1 npm run build) refuses to start while one is left
// (src/node/release-check.ts). docs/FIRST-LOAD.md says how to fill them.
import fs from "node:fs"
import path from "node:path"
import { rateCardFile } from "./rate-card"

export type Placeholder = { file: string; key: string; language: string; text: string }

// "[Prénom Nom]", "[ADRESSE]", "x@[domain]"; not a Markdown link "[label](url)".
const PLACEHOLDER = /\[[^[\]\n]{1,80}\](?!\()/g

function* strings(value: unknown, key: string): Generator<[string, string]> {
  if (typeof value === "string") yield [key, value]
  else if (Array.isArray(value))
    for (const [index, item] of value.entries()) yield* strings(item, `${key}[${index}]`)
  else if (value && typeof value === "object")
    for (const [name, item] of Object.entries(value))
      yield* strings(item, key ? `${key}.${name}` : name)
}

function placeholdersOf(contentRoot: string, file: string, language: string): Placeholder[] {
  let data: unknown
  try {
    data = JSON.parse(fs.readFileSync(path.join(contentRoot, file), "utf8"))
  } catch {
    return [] // a missing or malformed file is the content check's own error
  }
  return [...strings(data, "")].flatMap(([key, text]) =>
    [...text.matchAll(PLACEHOLDER)].map((match) => ({ file, key, language, text: match[0] })),
  )
}

/**
 * The placeholders of content/locales/<language>/*.json and of content/rate-card.json. Blog
 * posts are left out: square brackets are editorial there (a survey question's "[brand]"),
 * and a post goes out whole.
 */
export function findPlaceholders(contentRoot: string): Placeholder[] {
  const localesDir = path.join(contentRoot, "locales")
  const found: Placeholder[] = []
  for (const language of fs.readdirSync(localesDir).sort()) {
    const dir = path.join(localesDir, language)
    if (!fs.statSync(dir).isDirectory()) continue
    for (const name of fs
      .readdirSync(dir)
      .filter((file) => file.endsWith(".json"))
      .sort())
      found.push(...placeholdersOf(contentRoot, path.join("locales", language, name), language))
  }
  found.push(...placeholdersOf(contentRoot, rateCardFile, "all"))
  return found
}

export function formatPlaceholders(found: Placeholder[]): string {
  if (found.length === 0) return "Go-live check: no placeholder left."
  const lines = found.map(
    ({ file, key, language, text }) => `  - ${language}  ${file}  ${key}: ${text}`,
  )
  return [
    `Go-live check: ${found.length} placeholders still to fill in content/ (what only the company can supply):`,
    ...lines,
  ].join("\n")
}
