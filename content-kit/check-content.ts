// The content check (`npm run check:content`, scripts/check-content.ts; content-kit/check-content.test.ts).
// Fails on malformed content or a page without copy; reports every missing translation per
// language without failing, since the site falls back to French.
import fs from "node:fs"
import path from "node:path"
import {
  DEFAULT_LANGUAGE as defaultLanguage,
  LANGUAGES as languages,
  type Language,
} from "../contract/languages"
import { checkBlog } from "./blog"
import { withFallback } from "./fallback"
import { compareKeys } from "./keys"
import { locateContent } from "./locate"
import { allRoutes as routes, isKnownPath, pageKeys } from "./page-routes"
import { checkRateCard } from "./rate-card"
import { templateSchemas } from "./schema/page"
import { homeErrors, linkErrors, schemaErrors, sectionIds, type LinkContext } from "./schema-errors"
import { symlinkErrors } from "./symlinks"

export type ContentReport = { errors: string[]; missing: Record<Language, string[]> }

type Locales = Record<Language, Map<string, unknown>>

/**
 * Reads content/locales/<language>/*.json; a file that does not parse is an error, and is
 * listed in `malformed` ("<language>/<ns>") so that it is reported once, not again as missing.
 */
function readLocales(localesDir: string, errors: string[], malformed: Set<string>): Locales {
  const locales = Object.fromEntries(languages.map((language) => [language, new Map()])) as Locales
  for (const language of languages) {
    const dir = path.join(localesDir, language)
    if (!fs.existsSync(dir)) continue
    for (const file of fs
      .readdirSync(dir)
      .filter((name) => name.endsWith(".json"))
      .sort()) {
      try {
        locales[language].set(
          file.replace(/\.json$/, ""),
          JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")),
        )
      } catch (error) {
        malformed.add(`${language}/${file.replace(/\.json$/, "")}`)
        errors.push(`locales/${language}/${file}: malformed JSON (${(error as Error).message})`)
      }
    }
  }
  return locales
}

export function checkContent(root = locateContent()): ContentReport {
  const missing = Object.fromEntries(
    languages.map((language) => [language, [] as string[]]),
  ) as Record<Language, string[]>
  // Before anything is read: a link's target is never opened.
  const errors = symlinkErrors(root)
  if (errors.length > 0) return { errors, missing }
  const blog = checkBlog(path.join(root, "blog"))
  errors.push(...blog.errors)
  for (const { slug, language } of blog.missing)
    missing[language].push(`blog/${slug}/index.${language}.md`)
  errors.push(...checkRateCard(root))

  const malformed = new Set<string>()
  const locales = readLocales(path.join(root, "locales"), errors, malformed)
  const french = locales[defaultLanguage]

  // Translations: French is the reference for every namespace, common.json included.
  const namespaces = new Set(languages.flatMap((language) => [...locales[language].keys()]))
  for (const ns of [...namespaces].sort()) {
    for (const language of languages) {
      if (language === defaultLanguage || !locales[language].has(ns)) continue
      if (!french.has(ns)) {
        if (malformed.has(`${defaultLanguage}/${ns}`)) continue
        errors.push(`locales/${language}/${ns}.json: there is no French ${ns}.json to translate`)
        continue
      }
      const { missing: absent, extra } = compareKeys(french.get(ns), locales[language].get(ns))
      for (const key of extra)
        errors.push(`locales/${language}/${ns}.json: key "${key}" is not in the French file`)
      missing[language].push(...absent.map((key) => `${ns}.json: ${key}`))
    }
    for (const language of languages) {
      if (language === defaultLanguage || malformed.has(`${language}/${ns}`)) continue
      if (french.has(ns) && !locales[language].has(ns)) {
        missing[language].push(`${ns}.json: (whole file)`)
      }
    }
  }

  // Pages: every route has French copy, and its copy in each language (completed from
  // French, as the site shows it) matches the template's schema.
  for (const key of pageKeys) {
    const { ns, template } = routes[key]
    if (!french.has(ns)) {
      if (malformed.has(`${defaultLanguage}/${ns}`)) continue
      errors.push(
        `locales/${defaultLanguage}/${ns}.json: missing, the page ${routes[key].path} has no copy`,
      )
      continue
    }
    for (const language of languages) {
      if (!locales[language].has(ns)) continue
      const shown = (name: string) =>
        language === defaultLanguage
          ? french.get(name)
          : withFallback(french.get(name), locales[language].get(name))
      const data = shown(ns)
      const links: LinkContext = {
        isKnown: (to) => isKnownPath(to, blog.slugs),
        pageIds: sectionIds(data),
        homeIds: french.has(routes.home.ns) ? sectionIds(shown(routes.home.ns)) : undefined,
      }
      const schema = templateSchemas[template]
      const found = [
        ...schemaErrors(schema, data),
        ...linkErrors(schema, data, links),
        ...(key === "home" ? homeErrors(data) : []),
      ]
      errors.push(...found.map((error) => `locales/${language}/${ns}.json: ${error}`))
    }
  }
  return { errors, missing }
}
