// Reading copy from content/ on disk: a namespace in a language, completed from French by
// content-kit/fallback.ts. The build (feeds, images, /cms/) reads it once per build
// (`readCopy`); the server's mails, invitations, pages and webhooks read it cached, since the
// words change with a deployment, not while the server runs (`localeTexts`, `pickTexts`).
import fs from "node:fs"
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../contract/languages"
import { withFallback } from "./fallback"
import { localeFile } from "./locate"

const readJson = <T>(dir: string, language: Language, ns: string): T =>
  JSON.parse(fs.readFileSync(localeFile(dir, language, ns), "utf8")) as T

/**
 * A namespace of `dir` (content/) in a language, completed from French as the site shows it.
 * The French file must exist; a translation that is absent or malformed leaves the French.
 */
export function readCopy<T>(dir: string, language: Language, ns: string): T {
  const french = readJson<T>(dir, DEFAULT_LANGUAGE, ns)
  if (language === DEFAULT_LANGUAGE) return french
  try {
    return withFallback(french, readJson<T>(dir, language, ns))
  } catch {
    return french
  }
}

type Texts = Record<string, unknown>

/** A namespace with `brand` (common.json's brand.name) beside its keys; {} when it is absent. */
function withBrand(dir: string, language: Language, ns: string): Texts {
  const read = (name: string): Texts =>
    fs.existsSync(localeFile(dir, language, name)) ? readJson<Texts>(dir, language, name) : {}
  return { ...read(ns), brand: (read("common").brand as { name?: string } | undefined)?.name }
}

const cache = new Map<string, Texts>()
function cached(dir: string, language: Language, ns: string): Texts {
  const key = `${dir}\0${language}/${ns}`
  if (!cache.has(key)) {
    const french = withBrand(dir, DEFAULT_LANGUAGE, ns)
    cache.set(
      key,
      language === DEFAULT_LANGUAGE ? french : withFallback(french, withBrand(dir, language, ns)),
    )
  }
  return cache.get(key)!
}

const languageOr = (language: string | null): Language =>
  isLanguage(language) ? language : DEFAULT_LANGUAGE

/** A whole namespace of <contentDir>/locales/<language>/, French where a text is missing. */
export const localeTexts = (contentDir: string, ns: string, language: string | null) =>
  cached(contentDir, languageOr(language), ns)

const at = (tree: Texts, key: string): unknown =>
  key
    .split(".")
    .reduce<unknown>(
      (node, part) => (node && typeof node === "object" ? (node as Texts)[part] : undefined),
      tree,
    )

/**
 * Some texts (dotted keys) of <contentDir>/locales/<language>/<ns>.json, French where one is
 * missing, as the site shows them; `brand` is common.json's brand.name.
 */
export function pickTexts<K extends string>(
  contentDir: string,
  ns: string,
  language: string | null,
  keys: readonly K[],
): Record<K | "brand", string> {
  const texts = localeTexts(contentDir, ns, language)
  return Object.fromEntries(
    [...keys, "brand"].map((key) => [key, String(at(texts, key))]),
  ) as Record<K | "brand", string>
}

/** The copy's `{{name}}` placeholders filled; an unknown name is left as written. */
export const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole)
