// Reading copy from content/ on disk (the build's feeds and images): a namespace in a
// language, completed from French by content-kit/fallback.ts.
import fs from "node:fs"
import { DEFAULT_LANGUAGE, type Language } from "../contract/languages"
import { withFallback } from "./fallback"
import { localeFile } from "./locate"

/**
 * A namespace of `dir` (content/) in a language, completed from French as the site shows it.
 * The French file must exist; a translation that is absent or malformed leaves the French.
 */
export function readCopy<T>(dir: string, language: Language, ns: string): T {
  const read = (lng: Language) => JSON.parse(fs.readFileSync(localeFile(dir, lng, ns), "utf8")) as T
  const french = read(DEFAULT_LANGUAGE)
  if (language === DEFAULT_LANGUAGE) return french
  try {
    return withFallback(french, read(language))
  } catch {
    return french
  }
}
