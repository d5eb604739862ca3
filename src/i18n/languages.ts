import {
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
  LANGUAGE_NAMES,
  LANGUAGES,
  localizePath,
  PREFIXED_LANGUAGES,
} from "../../contract/languages"

// The one table of languages is the contract's: page creation, links, the language switch,
// hreflang, the sitemap and the server all read it.
export const languages = LANGUAGES
export type { Language }
export const defaultLanguage = DEFAULT_LANGUAGE
export { isLanguage, localizePath }

export const languageNames = LANGUAGE_NAMES

export const LANGUAGE_STORAGE_KEY = "language"

const PREFIXED_PATH = new RegExp(`^/(${PREFIXED_LANGUAGES.join("|")})(/.*)?$`)

/** The language and the unprefixed path of a URL path: "/de/about" -> ["de", "/about"]. */
export function splitLanguage(pathname: string): [Language, string] {
  const match = PREFIXED_PATH.exec(pathname)
  if (!match) return [defaultLanguage, pathname || "/"]
  return [match[1] as Language, match[2] || "/"]
}
