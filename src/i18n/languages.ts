// The one table of languages: page creation, links, the language switch, hreflang and the
// sitemap all read it.
export const languages = ["fr", "en", "de"] as const
export type Language = (typeof languages)[number]

// French is served without a prefix; changing that breaks every indexed URL.
export const defaultLanguage: Language = "fr"

export const languageNames: Record<Language, string> = {
  fr: "Français",
  en: "English",
  de: "Deutsch",
}

export const LANGUAGE_STORAGE_KEY = "language"

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (languages as readonly string[]).includes(value)
}

/** "/about" in "en" is "/en/about"; the home page "/" is "/en". Anchors and external links pass through. */
export function localizePath(path: string, language: Language): string {
  if (!path.startsWith("/")) return path
  if (language === defaultLanguage) return path
  const [pathname, hash = ""] = path.split("#")
  const localized = pathname === "/" ? `/${language}` : `/${language}${pathname}`
  return hash ? `${localized}#${hash}` : localized
}

/** The language and the unprefixed path of a URL path: "/de/about" -> ["de", "/about"]. */
export function splitLanguage(pathname: string): [Language, string] {
  const match = /^\/(en|de)(\/.*)?$/.exec(pathname)
  if (!match) return [defaultLanguage, pathname || "/"]
  return [match[1] as Language, match[2] || "/"]
}
