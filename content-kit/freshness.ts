// Translation freshness: which English and German texts were translated from an older French
// one. content/translations.lock.json (outside content/locales/, so it never ships to the
// browser) records, per language and key, a hash of the French text and of the translation
// as they were when the translation was last made. A key is outdated when its French changed
// since and its translation did not; an editor who changes both needs no extra step.
import { createHash } from "node:crypto"
import fs from "node:fs"
import path from "node:path"
import {
  DEFAULT_LANGUAGE as defaultLanguage,
  type Language,
  PREFIXED_LANGUAGES,
} from "../contract/languages"
import type { TranslationStatus } from "../contract/translations"
import { locateContent } from "./locate"

/** language -> key -> [hash of the French text, hash of the translation] */
export type Lock = Partial<Record<Language, Record<string, [string, string]>>>

export type Outdated = { key: string; french: string }

export type LanguageFreshness = {
  missing: string[]
  outdated: Outdated[]
  unused: string[]
  /** Keys with both texts but no lock entry yet (new keys): `npm run content:stamp` records them. */
  unstamped: string[]
}

export type FreshnessReport = Partial<Record<Language, LanguageFreshness>>

export const LOCK_FILE = "translations.lock.json"

export const translatedLanguages = PREFIXED_LANGUAGES

export function textHash(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 12)
}

/**
 * Every text of a JSON value by key path. A list item with an `id` is named by it
 * ("sections[offres].items.0.title"), so reordering sections renames nothing; the `id`
 * itself is structure, not text. Empty strings, null and empty lists count as absent, as in
 * the site's French fallback.
 */
export function textsByKey(
  value: unknown,
  prefix = "",
  into = new Map<string, string>(),
): Map<string, string> {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      const id =
        typeof item === "object" &&
        item !== null &&
        typeof (item as { id?: unknown }).id === "string"
          ? (item as { id: string }).id
          : null
      textsByKey(
        item,
        id ? `${prefix}[${id}]` : prefix ? `${prefix}.${index}` : String(index),
        into,
      )
    })
  } else if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key === "id") continue
      textsByKey(item, prefix ? `${prefix}.${key}` : key, into)
    }
  } else if (
    value !== null &&
    value !== undefined &&
    !(typeof value === "string" && value.trim() === "")
  ) {
    into.set(prefix, typeof value === "string" ? value : JSON.stringify(value))
  }
  return into
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"))
  } catch {
    return undefined // malformed or absent: the content check reports it
  }
}

/** Every translatable text of one language: "<ns>.json: <key path>" and "blog/<slug>.md". */
export function languageTexts(root: string, language: Language): Map<string, string> {
  const texts = new Map<string, string>()
  const localeDir = path.join(root, "locales", language)
  if (fs.existsSync(localeDir)) {
    for (const file of fs
      .readdirSync(localeDir)
      .filter((name) => name.endsWith(".json"))
      .sort()) {
      for (const [key, text] of textsByKey(readJson(path.join(localeDir, file))))
        texts.set(`${file}: ${key}`, text)
    }
  }
  const blogDir = path.join(root, "blog")
  if (fs.existsSync(blogDir)) {
    for (const slug of fs.readdirSync(blogDir).sort()) {
      const file = path.join(blogDir, slug, `index.${language}.md`)
      if (fs.existsSync(file)) texts.set(`blog/${slug}.md`, fs.readFileSync(file, "utf8"))
    }
  }
  return texts
}

export function readLock(root: string): Lock {
  const file = path.join(root, LOCK_FILE)
  if (!fs.existsSync(file)) return {}
  const lock = readJson(file)
  if (typeof lock !== "object" || lock === null || Array.isArray(lock)) {
    throw new Error(
      `${file} is not a JSON object: restore it from git or delete it and run npm run content:stamp`,
    )
  }
  return lock as Lock
}

type Status = "fresh" | "outdated" | "unstamped"

function status(entry: [string, string] | undefined, french: string, translation: string): Status {
  if (!entry) return "unstamped"
  const [frenchHash, translationHash] = entry
  if (frenchHash !== textHash(french) && translationHash === textHash(translation))
    return "outdated"
  return "fresh"
}

export function checkFreshness(
  root = locateContent(),
  lock: Lock = readLock(root),
): FreshnessReport {
  const french = languageTexts(root, defaultLanguage)
  const report: FreshnessReport = {}
  for (const language of translatedLanguages) {
    const texts = languageTexts(root, language)
    const entries = lock[language] ?? {}
    const result: LanguageFreshness = { missing: [], outdated: [], unused: [], unstamped: [] }
    for (const [key, source] of french) {
      const translation = texts.get(key)
      if (translation === undefined) {
        result.missing.push(key)
        continue
      }
      const found = status(entries[key], source, translation)
      if (found === "outdated") result.outdated.push({ key, french: source })
      if (found === "unstamped") result.unstamped.push(key)
    }
    for (const key of texts.keys()) if (!french.has(key)) result.unused.push(key)
    report[language] = result
  }
  return report
}

export type StampResult = { lock: Lock; recorded: number; keptOutdated: number; pruned: number }

/**
 * The lock after an editing session: every key translated now is recorded as it is, except
 * outdated ones, which stay outdated until their translation changes (or `accept` says the
 * French change needs no new translation, such as a typo fix). Keys gone from either side are
 * pruned. Safe to run at any time.
 */
export function stampLock(
  root = locateContent(),
  previous: Lock = readLock(root),
  accept = false,
): StampResult {
  const french = languageTexts(root, defaultLanguage)
  const lock: Lock = {}
  let recorded = 0
  let keptOutdated = 0
  let pruned = 0
  for (const language of translatedLanguages) {
    const texts = languageTexts(root, language)
    const before = previous[language] ?? {}
    const after: Record<string, [string, string]> = {}
    for (const [key, source] of [...french].sort(([a], [b]) => a.localeCompare(b))) {
      const translation = texts.get(key)
      if (translation === undefined) continue
      if (!accept && status(before[key], source, translation) === "outdated") {
        after[key] = before[key]
        keptOutdated++
      } else {
        after[key] = [textHash(source), textHash(translation)]
        if (before[key]?.[0] !== after[key][0] || before[key]?.[1] !== after[key][1]) recorded++
      }
    }
    pruned += Object.keys(before).filter((key) => !(key in after)).length
    lock[language] = after
  }
  return { lock, recorded, keptOutdated, pruned }
}

export function writeLock(root: string, lock: Lock): void {
  // One key a line, so that a review of the lock's diff reads like the list of changed texts.
  const blocks = Object.entries(lock).map(([language, entries]) => {
    const lines = Object.entries(entries ?? {}).map(
      ([key, hashes]) => `    ${JSON.stringify(key)}: ${JSON.stringify(hashes)}`,
    )
    return `  ${JSON.stringify(language)}: {\n${lines.join(",\n")}\n  }`
  })
  fs.writeFileSync(path.join(root, LOCK_FILE), `{\n${blocks.join(",\n")}\n}\n`)
}

/** The counts the admin dashboard shows: "German: 3 outdated, 0 missing". */
export type FreshnessCounts = TranslationStatus["languages"]

export function freshnessCounts(report: FreshnessReport): FreshnessCounts {
  return translatedLanguages.map((language) => ({
    language,
    missing: report[language]?.missing.length ?? 0,
    outdated: report[language]?.outdated.length ?? 0,
    unused: report[language]?.unused.length ?? 0,
  }))
}
