import fs from "node:fs"
import { withFallback } from "../../content-kit/fallback"
import { localeFile } from "../../content-kit/locate"
import { DEFAULT_LANGUAGE, isLanguage } from "../../contract/languages"

function readJson(dir: string, language: string, ns: string): Record<string, unknown> {
  const file = localeFile(dir, language, ns)
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : {}
}

const at = (tree: Record<string, unknown>, key: string): unknown =>
  key
    .split(".")
    .reduce<unknown>(
      (node, part) =>
        node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined,
      tree,
    )

const withBrand = (dir: string, language: string, ns: string) => ({
  ...readJson(dir, language, ns),
  brand: (readJson(dir, language, "common").brand as { name?: string } | undefined)?.name,
})

// Read once per folder, language and namespace: the words change with a deployment, not while
// the server runs.
const cache = new Map<string, Record<string, unknown>>()
const load = (dir: string, language: string, ns: string) => {
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

/** A whole namespace of <contentDir>/locales/<language>/, French where a text is missing. */
export const localeTexts = (contentDir: string, ns: string, language: string | null) =>
  load(contentDir, isLanguage(language) ? language : DEFAULT_LANGUAGE, ns)

/**
 * The words of a mail from <contentDir>/locales/<language>/<ns>.json, French where one is
 * missing (content-kit's fallback, as on the site); `brand` is common.json's brand.name.
 */
export function mailTexts<K extends string>(
  contentDir: string,
  ns: string,
  language: string | null,
  keys: readonly K[],
): Record<K | "brand", string> {
  const texts = load(contentDir, isLanguage(language) ? language : DEFAULT_LANGUAGE, ns)
  const pick = (key: string) => String(at(texts, key))
  return Object.fromEntries([...keys, "brand"].map((key) => [key, pick(key)])) as Record<
    K | "brand",
    string
  >
}

export const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole)

/** The mail's Message-ID: the outbox delivery id, so a resent mail is recognisably the same one. */
export const messageIdHeader = (deliveryId: string, siteUrl: string) =>
  `<${deliveryId}@${new URL(siteUrl).hostname}>`
