// The one list of languages: the site's pages, links and hreflang (src/i18n/languages.ts),
// and the server's schemas, mails and redirects all read it.
export const LANGUAGES = ["fr", "en", "de"] as const
export type Language = (typeof LANGUAGES)[number]

/** Each language in its own words: the language switch, the admin, the content check. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  fr: "Français",
  en: "English",
  de: "Deutsch",
}

// French is served without a prefix; changing that breaks every indexed URL.
export const DEFAULT_LANGUAGE: Language = "fr"

/** The languages whose pages live under `/<language>/...`. */
export const PREFIXED_LANGUAGES = LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE)

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value)
}

/** The site path of `path` (French, unprefixed) in `language`: "/about" in "en" is "/en/about", "/" is "/en". */
export function localizePath(path: string, language: Language): string {
  if (!path.startsWith("/") || language === DEFAULT_LANGUAGE) return path
  const [pathname, hash = ""] = path.split("#")
  const localized = pathname === "/" ? `/${language}` : `/${language}${pathname}`
  return hash ? `${localized}#${hash}` : localized
}
