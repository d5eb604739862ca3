import { defaultLanguage, languages, localizePath, type Language } from "./languages"

export type Alternate = { hrefLang: Language | "x-default"; href: string }

/** hreflang alternates of one page: every language, plus x-default on the French page. */
export function alternatesOf(siteUrl: string, path: string): Alternate[] {
  const origin = siteUrl.replace(/\/$/, "")
  const links: Alternate[] = languages.map((language) => ({
    hrefLang: language,
    href: origin + localizePath(path, language),
  }))
  links.push({ hrefLang: "x-default", href: origin + localizePath(path, defaultLanguage) })
  return links
}

export function canonicalOf(siteUrl: string, path: string, language: Language): string {
  return siteUrl.replace(/\/$/, "") + localizePath(path, language)
}
