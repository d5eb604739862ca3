import { defaultLanguage, isLanguage, languages, localizePath, splitLanguage } from "./languages"

describe("languages", () => {
  it("are French, English and German, French by default", () => {
    expect(languages).toEqual(["fr", "en", "de"])
    expect(defaultLanguage).toBe("fr")
  })

  it.each([
    ["fr", true],
    ["en", true],
    ["de", true],
    ["es", false],
    ["FR", false],
    ["", false],
    [null, false],
    [42, false],
  ])("accepts %p only if it is a site language: %p", (value, expected) => {
    expect(isLanguage(value)).toBe(expected)
  })

  it.each([
    ["/", "fr", "/"],
    ["/about", "fr", "/about"],
    ["/", "en", "/en"],
    ["/about", "de", "/de/about"],
    ["/produit/click&win", "en", "/en/produit/click&win"],
    ["/#process", "de", "/de#process"],
    ["#solutions", "en", "#solutions"],
    ["https://example.org", "de", "https://example.org"],
  ] as const)("localizes %s in %s as %s", (path, language, expected) => {
    expect(localizePath(path, language)).toBe(expected)
  })

  it("splits a URL path into language and unprefixed path", () => {
    expect(splitLanguage("/de/about")).toEqual(["de", "/about"])
    expect(splitLanguage("/en")).toEqual(["en", "/"])
    expect(splitLanguage("/about")).toEqual(["fr", "/about"])
    expect(splitLanguage("/english")).toEqual(["fr", "/english"])
  })
})
