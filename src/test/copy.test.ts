import { copy, copyPattern } from "./copy"

describe("copy", () => {
  it("reads a key of common.json or of another namespace, in the asked language", () => {
    expect(copy("en", "nav.openMenu")).toEqual(expect.any(String))
    expect(copy("fr", "nav.openMenu")).not.toBe(copy("en", "nav.openMenu"))
    expect(copy("de", "contact:hero.title").length).toBeGreaterThan(0)
  })

  it("fills {{values}} in", () => {
    expect(copy("fr", "footer.rights", { year: 2030, brand: "X" })).toMatch(/2030.*X/)
  })

  it("fails on a key that French lacks, so a test cannot pass on a typo", () => {
    expect(() => copy("en", "nav.noSuchKey")).toThrow(
      'content/locales/fr/common.json has no text at "nav.noSuchKey"',
    )
    expect(() => copy("fr", "nowhere:title")).toThrow("content/locales/fr/nowhere.json")
  })

  it("escapes the text for a pattern", () => {
    expect(
      copyPattern("fr", "contactForm.sending").test(`${copy("fr", "contactForm.sending")} (x)`),
    ).toBe(true)
  })
})
