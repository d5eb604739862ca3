import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { cmsConfig } from "./config"
import type { Field } from "./field"

const content = path.resolve(__dirname, "../../content")

type Files = { name: string; file: string; fields: Field[] }[]
const pagesOf = (config: ReturnType<typeof cmsConfig>) =>
  (config.collections[0] as { files: Files }).files

/** The key paths of `value` that no field of `fields` edits. */
function uncovered(value: unknown, fields: Field[] | undefined, at: string): string[] {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return []
  return Object.entries(value).flatMap(([key, item]) => {
    const field = fields?.find((candidate) => candidate.name === key)
    if (!field) return [`${at}${key}`]
    return uncoveredValue(item, field, `${at}${key}`)
  })
}

function uncoveredValue(item: unknown, field: Field, at: string): string[] {
  if (Array.isArray(item)) {
    if (field.widget !== "list") return [at]
    return item.flatMap((element, index) => {
      if (typeof element !== "object" || element === null)
        return field.field ? [] : [`${at}.${index}`]
      if (field.types) {
        const kind = (element as { kind?: string }).kind
        const type = field.types.find((candidate) => candidate.name === kind)
        if (!type) return [`${at}.${index} (kind ${kind})`]
        const { kind: _kind, ...rest } = element as Record<string, unknown>
        return uncovered(rest, type.fields, `${at}.${index}.`)
      }
      return uncovered(element, field.fields, `${at}.${index}.`)
    })
  }
  if (typeof item === "object" && item !== null)
    return field.widget === "object" ? uncovered(item, field.fields, `${at}.`) : [at]
  if (typeof item === "number") return field.widget === "number" ? [] : [at]
  return ["string", "text", "select"].includes(field.widget) ? [] : [at]
}

describe("the CMS configuration", () => {
  const config = cmsConfig(content)

  it("has one side-by-side entry per French namespace, French default and every language", () => {
    const namespaces = fs
      .readdirSync(path.join(content, "locales/fr"))
      .map((file) => file.replace(/\.json$/, ""))
      .sort()
    expect(pagesOf(config).map((file) => file.name)).toEqual(namespaces)
    for (const file of pagesOf(config))
      expect(file.file).toBe(`content/locales/{{locale}}/${file.name}.json`)
    expect(config.i18n).toMatchObject({
      structure: "multiple_files",
      locales: ["fr", "en", "de"],
      default_locale: "fr",
    })
  })

  it("edits every French key of every namespace", () => {
    for (const file of pagesOf(config)) {
      const french = JSON.parse(
        fs.readFileSync(path.join(content, "locales/fr", `${file.name}.json`), "utf8"),
      )
      expect({ ns: file.name, uncovered: uncovered(french, file.fields, "") }).toEqual({
        ns: file.name,
        uncovered: [],
      })
    }
  })

  it("edits every figure of the rate card, one file for all languages, numbers as numbers", () => {
    const data = config.collections[2] as { files: (Files[number] & { i18n?: unknown })[] }
    const [card] = data.files
    expect([card.file, card.i18n]).toEqual(["content/rate-card.json", undefined])
    const figures = JSON.parse(fs.readFileSync(path.join(content, "rate-card.json"), "utf8"))
    expect(uncovered(figures, card.fields, "")).toEqual([])
    const markets = card.fields.find((found) => found.name === "markets")!
    expect(markets.fields?.map((found) => found.name)).toEqual(Object.keys(figures.markets))
    expect(markets.fields?.[0].fields).toEqual([
      expect.objectContaining({ name: "baseCpi", widget: "number", value_type: "float" }),
      expect.objectContaining({ name: "activePanel", widget: "number", value_type: "int", min: 1 }),
    ])
    const responseRate = card.fields.find((found) => found.name === "responseRate")
    expect(responseRate).toMatchObject({ widget: "number", max: 1, required: true })
    expect(card.fields.find((found) => found.name === "placeholder")).toMatchObject({
      widget: "string",
      required: false,
    })
  })

  it("covers a key added to French at once, and would report one it missed", () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), "cms-config-"))
    fs.cpSync(content, copy, { recursive: true })
    const file = path.join(copy, "locales/fr/contact.json")
    const contact = JSON.parse(fs.readFileSync(file, "utf8"))
    contact.hero.note = "Une nouvelle phrase"
    fs.writeFileSync(file, JSON.stringify(contact))
    const fields = pagesOf(cmsConfig(copy)).find((entry) => entry.name === "contact")!.fields
    expect(uncovered(contact, fields, "")).toEqual([])
    const stale = pagesOf(config).find((entry) => entry.name === "contact")!.fields
    expect(uncovered(contact, stale, "")).toEqual(["hero.note"])
  })

  it("types sections by kind, icons from the registry, shared keys copied and texts translated", () => {
    const home = pagesOf(config).find((file) => file.name === "home")!.fields
    const sections = home.find((field) => field.name === "sections")!
    expect(sections.typeKey).toBe("kind")
    expect(sections.types!.map((type) => type.name)).toEqual([
      "cards",
      "features",
      "steps",
      "prose",
      "split",
      "team",
      "cta",
    ])
    const cards = sections.types!.find((type) => type.name === "cards")!
    const item = cards.fields.find((field) => field.name === "items")!.fields!
    expect(item.find((field) => field.name === "icon")).toMatchObject({
      widget: "select",
      i18n: "duplicate",
      options: expect.arrayContaining(["sparkles", "smartphone"]),
    })
    expect(cards.fields.find((field) => field.name === "id")).toMatchObject({ i18n: "duplicate" })
    expect(item.find((field) => field.name === "title")).toMatchObject({
      widget: "string",
      i18n: true,
      label: "Titre",
    })
    const meta = home.find((field) => field.name === "meta")!.fields!
    expect(meta.find((field) => field.name === "title")!.hint).toMatch(/60 caractères/)
  })
})
