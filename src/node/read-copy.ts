import { readFileSync } from "node:fs"
import path from "node:path"
import { withFallback } from "../content/page-content"
import { defaultLanguage, type Language } from "../i18n/languages"

/** A namespace of content/ in a language, completed from French as the site shows it. */
export function readCopy<T>(contentDir: string, language: Language, ns: string): T {
  const read = (lng: Language) =>
    JSON.parse(readFileSync(path.join(contentDir, "locales", lng, `${ns}.json`), "utf8")) as T
  const french = read(defaultLanguage)
  if (language === defaultLanguage) return french
  try {
    return withFallback(french, read(language))
  } catch {
    return french
  }
}
