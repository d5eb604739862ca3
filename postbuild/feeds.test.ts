import { routeKeys, routes } from "../content-kit/routes"
import { ogImagePath } from "../src/content/og-image"
import { languages } from "../src/i18n/languages"
import { rssXml } from "./feeds"

describe("the blog's RSS feed", () => {
  const posts = [
    {
      slug: "older",
      lang: "de",
      title: "Ältere <Notiz> & mehr",
      description: "Kurz",
      date: "2026-01-05",
      author: "Anna",
    },
    {
      slug: "newer",
      lang: "fr",
      title: "Plus récent",
      description: "Résumé",
      date: "2026-03-10",
      author: null,
    },
  ]
  const xml = rssXml({
    siteUrl: "https://example.org/",
    language: "de",
    title: "Mesurea – Blog",
    description: "Artikel",
    posts,
  })

  it("lists posts newest first with localized links, RFC 822 dates and escaped text", () => {
    const links = [...xml.matchAll(/<link>([^<]+)<\/link>/g)].map((match) => match[1])
    expect(links).toEqual([
      "https://example.org/de/blog",
      "https://example.org/de/blog/newer",
      "https://example.org/de/blog/older",
    ])
    expect(xml).toContain("<pubDate>Tue, 10 Mar 2026 00:00:00 GMT</pubDate>")
    expect(xml).toContain("<title>Ältere &lt;Notiz&gt; &amp; mehr</title>")
    expect(xml).toContain("<dc:creator>Anna</dc:creator>")
    expect(xml).toContain(
      '<atom:link href="https://example.org/de/rss.xml" rel="self" type="application/rss+xml"/>',
    )
  })

  it("marks a post shown in French on the German feed with its language", () => {
    const newer = /<item>[\s\S]*?<\/item>/.exec(xml)![0]
    expect(newer).toContain("<dc:language>fr</dc:language>")
  })
})

describe("sharing card paths", () => {
  it("are distinct for every page and language", () => {
    const paths = languages.flatMap((language) =>
      routeKeys.map((key) => ogImagePath(routes[key].path, language)),
    )
    expect(new Set(paths).size).toBe(paths.length)
    expect(ogImagePath("/produit/click&win", "en")).toBe("/og/en/produit-click-win.png")
    expect(ogImagePath("/", "fr")).toBe("/og/fr/home.png")
  })
})
