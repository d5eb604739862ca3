import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { findPlaceholders, formatPlaceholders } from "./placeholders"

describe("findPlaceholders", () => {
  let root: string
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "placeholders-"))
    const write = (file: string, data: unknown) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
      fs.writeFileSync(path.join(root, file), JSON.stringify(data))
    }
    write("locales/fr/contact.json", {
      info: { address: ["[Adresse du siège]", "75000 Paris"], email: "contact@[votre-domaine]" },
      title: "Contact",
    })
    write("locales/en/about.json", {
      team: [{ name: "[First Last]" }, { name: "Ana" }],
      note: "See [the guide](/blog) and [x]",
    })
    write("rate-card.json", { placeholder: "[PLACEHOLDER] example rates", currency: "EUR" })
    write("locales/de/broken.json", "{")
    fs.writeFileSync(path.join(root, "locales/de/broken.json"), "{not json")
  })
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

  it("lists each bracketed placeholder with its file, key and language, and not Markdown links", () => {
    expect(findPlaceholders(root)).toEqual([
      {
        file: path.join("locales", "en", "about.json"),
        key: "team[0].name",
        language: "en",
        text: "[First Last]",
      },
      { file: path.join("locales", "en", "about.json"), key: "note", language: "en", text: "[x]" },
      {
        file: path.join("locales", "fr", "contact.json"),
        key: "info.address[0]",
        language: "fr",
        text: "[Adresse du siège]",
      },
      {
        file: path.join("locales", "fr", "contact.json"),
        key: "info.email",
        language: "fr",
        text: "[votre-domaine]",
      },
      { file: "rate-card.json", key: "placeholder", language: "all", text: "[PLACEHOLDER]" },
    ])
  })

  it("finds today's placeholders in the sample content (legal identity, address, team)", () => {
    const found = findPlaceholders(path.resolve(__dirname, "../content"))
    const keys = new Set(
      found.map((placeholder) => `${placeholder.language} ${placeholder.file} ${placeholder.key}`),
    )
    for (const language of ["fr", "en", "de"]) {
      expect(keys).toContain(
        `${language} ${path.join("locales", language, "contact.json")} info.email`,
      )
      expect(
        [...keys].some((key) =>
          key.startsWith(`${language} ${path.join("locales", language, "legal-notice.json")}`),
        ),
      ).toBe(true)
    }
    // The rate card's figures are examples until the company puts its own.
    expect(keys).toContain("all rate-card.json placeholder")
    expect(formatPlaceholders(found)).toMatch(/^Go-live check: \d+ placeholders/)
    expect(formatPlaceholders([])).toBe("Go-live check: no placeholder left.")
  })
})
