import { sitemapXml } from "./sitemap"

describe("sitemapXml", () => {
  const xml = sitemapXml("https://example.org/", ["/", "/produit/click&win"])

  it("lists every page in every language", () => {
    for (const loc of [
      "https://example.org/",
      "https://example.org/en",
      "https://example.org/de",
      "https://example.org/de/produit/click&amp;win",
    ]) {
      expect(xml).toContain(`<loc>${loc}</loc>`)
    }
    expect(xml.match(/<url>/g)).toHaveLength(6)
  })

  it("gives each URL its alternates and x-default, with XML-escaped addresses", () => {
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="en" href="https://example.org/en/produit/click&amp;win"/>',
    )
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="x-default" href="https://example.org/produit/click&amp;win"/>',
    )
    expect(xml).not.toMatch(/&(?!amp;)/)
  })
})
