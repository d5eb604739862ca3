import fs from "node:fs"
import path from "node:path"
import { DEFAULT_LANGUAGE, isLanguage } from "../../contract/languages"

const LOCALES = path.resolve(__dirname, "../../content/locales")

function readJson(language: string, ns: string): Record<string, unknown> {
  const file = path.join(LOCALES, language, `${ns}.json`)
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

// Read once per language and namespace: the words change with a deployment, not while the server runs.
const cache = new Map<string, Record<string, unknown>>()
const load = (language: string, ns: string) => {
  const key = `${language}/${ns}`
  if (!cache.has(key))
    cache.set(key, {
      ...readJson(language, ns),
      brand: (readJson(language, "common").brand as { name?: string } | undefined)?.name,
    })
  return cache.get(key)!
}

/**
 * The words of a mail from content/locales/<language>/<ns>.json, French where one is missing
 * (like the site); `brand` is common.json's brand.name.
 */
export function mailTexts<K extends string>(
  ns: string,
  language: string | null,
  keys: readonly K[],
): Record<K | "brand", string> {
  const lang = isLanguage(language) ? language : DEFAULT_LANGUAGE
  const [own, french] = [load(lang, ns), load(DEFAULT_LANGUAGE, ns)]
  const pick = (key: string) => {
    const value = at(own, key)
    return String(typeof value === "string" && value ? value : at(french, key))
  }
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
