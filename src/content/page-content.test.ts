import { withFallback } from "../../content-kit/fallback"
import { readNamespace } from "./page-content"

describe("withFallback", () => {
  const french = {
    title: "Titre",
    items: [
      { title: "Un", text: "Texte un" },
      { title: "Deux", text: "Texte deux" },
    ],
  }

  it("keeps every translated value", () => {
    const german = {
      title: "Titel",
      items: [
        { title: "Eins", text: "Text eins" },
        { title: "Zwei", text: "Text zwei" },
      ],
    }
    expect(withFallback(french, german)).toEqual(german)
  })

  it("fills a missing or empty key, item by item, from French", () => {
    const english = { title: "", items: [{ title: "One" }] }
    expect(withFallback(french, english)).toEqual({
      title: "Titre",
      items: [
        { title: "One", text: "Texte un" },
        { title: "Deux", text: "Texte deux" },
      ],
    })
  })

  it("ignores a value of the wrong kind", () => {
    expect(withFallback(french, { title: 3, items: "nope" })).toEqual(french)
  })
})

describe("readNamespace", () => {
  const nodes = [
    { ns: "home", language: "fr", data: JSON.stringify({ a: "A fr", b: "B fr" }) },
    { ns: "home", language: "de", data: JSON.stringify({ a: "A de" }) },
  ]

  it("completes a language from French", () => {
    expect(readNamespace(nodes, "home", "de")).toEqual({ a: "A de", b: "B fr" })
    expect(readNamespace(nodes, "home", "en")).toEqual({ a: "A fr", b: "B fr" })
  })

  it("fails loudly when French is missing", () => {
    expect(() => readNamespace(nodes, "about", "fr")).toThrow(
      "content/locales/fr/about.json is missing",
    )
  })
})
