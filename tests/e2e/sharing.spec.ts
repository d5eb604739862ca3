import fs from "node:fs"
import { expect, test } from "@playwright/test"
import sharp from "sharp"
import { legalRow, routes } from "../../content-kit/routes"
import { feedPath } from "../../src/content/feed"
import { ogImagePath } from "../../src/content/og-image"
import { languages, localizePath } from "../../src/i18n/languages"
import { validateJsonLd } from "../schema-org"
import { publicPages, siteUrl } from "./pages"

// What a link preview, a feed reader and a search engine read, from the HTML as served
// (no JavaScript): sharing cards, RSS feeds, JSON-LD, and the accessibility statement.
const post = "/blog/bien-utiliser-le-nps"
const metaOf = (html: string, attribute: "property" | "name", key: string) =>
  new RegExp(`<meta ${attribute}="${key.replace(/[:]/g, "\\:")}" content="([^"]*)"`).exec(html)?.[1]
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]) as Record<string, unknown>,
  )

test.describe("sharing cards, feeds and structured data", () => {
  test("every page in every language has its own 1200x630 card with title and brand in its meta tags", async ({
    request,
  }) => {
    const pages = [
      ...publicPages,
      ...languages.map((language) => ({
        path: localizePath(post, language),
        language,
        canonicalPath: post,
      })),
    ]
    const seen = new Set<string>()
    for (const { path, language, canonicalPath } of pages) {
      const html = await (await request.get(path)).text()
      const image = metaOf(html, "property", "og:image")
      expect(image, path).toBe(siteUrl + ogImagePath(canonicalPath, language))
      expect(metaOf(html, "name", "twitter:image"), path).toBe(image)
      expect(metaOf(html, "name", "twitter:card"), path).toBe("summary_large_image")
      expect(metaOf(html, "property", "og:image:width"), path).toBe("1200")
      expect(metaOf(html, "property", "og:image:height"), path).toBe("630")
      seen.add(image!)
      const png = await request.get(ogImagePath(canonicalPath, language))
      expect(png.status(), image).toBe(200)
      expect(png.headers()["content-type"]).toBe("image/png")
      const { width, height, format } = await sharp(await png.body()).metadata()
      expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: "png" })
    }
    expect(seen.size).toBe(pages.length)
  })

  test("each language has an RSS feed of the blog, announced on every page", async ({
    request,
  }) => {
    for (const language of languages) {
      const response = await request.get(feedPath(language))
      expect(response.status()).toBe(200)
      expect(response.headers()["content-type"]).toMatch(/^application\/xml/)
      const xml = await response.text()
      expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/)
      expect(xml).toContain(`<language>${language}</language>`)
      const links = [...xml.matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>/g)].map(
        (match) => match[1],
      )
      expect(links).toContain(siteUrl + localizePath(post, language))
      const dates = [...xml.matchAll(/<pubDate>([^<]+)<\/pubDate>/g)].map((match) =>
        Date.parse(match[1]),
      )
      expect(dates.length).toBe(links.length)
      expect([...dates].sort((a, b) => b - a)).toEqual(dates)
      for (const path of [
        localizePath("/", language),
        localizePath("/contact", language),
        localizePath(post, language),
      ]) {
        const html = await (await request.get(path)).text()
        expect(html, path).toContain(`<link rel="alternate" type="application/rss+xml" title=`)
        expect(html, path).toContain(`href="${siteUrl}${feedPath(language)}"`)
      }
    }
  })

  test("posts carry a BlogPosting, pages an Organization and breadcrumbs, all valid schema.org", async ({
    request,
  }) => {
    const html = await (await request.get(localizePath(post, "de"))).text()
    const data = jsonLdOf(html)
    expect(data.map((item) => item["@type"]).sort()).toEqual([
      "BlogPosting",
      "BreadcrumbList",
      "Organization",
    ])
    for (const item of data) expect(validateJsonLd(item)).toEqual([])
    const posting = data.find((item) => item["@type"] === "BlogPosting")!
    expect(posting).toMatchObject({
      url: siteUrl + localizePath(post, "de"),
      inLanguage: "de",
      image: { url: siteUrl + ogImagePath(post, "de") },
    })
    const heading = /<h1[^>]*>([^<]+)<\/h1>/.exec(html)![1]
    expect(posting.headline).toBe(heading)
    const crumbs = data.find((item) => item["@type"] === "BreadcrumbList")!.itemListElement as {
      item: string
    }[]
    expect(crumbs.map((crumb) => crumb.item)).toEqual([
      siteUrl + "/de",
      siteUrl + "/de/blog",
      siteUrl + localizePath(post, "de"),
    ])

    const product = jsonLdOf(await (await request.get("/en/produit/click&win")).text())
    for (const item of product) expect(validateJsonLd(item)).toEqual([])
    const trail = product.find((item) => item["@type"] === "BreadcrumbList")!.itemListElement as {
      item: string
    }[]
    expect(trail.map((crumb) => crumb.item)).toEqual([
      `${siteUrl}/en`,
      `${siteUrl}/en/Produit`,
      `${siteUrl}/en/produit/click&win`,
    ])
    const home = jsonLdOf(await (await request.get("/")).text())
    expect(home.map((item) => item["@type"])).toEqual(["Organization"])
  })
})

test.describe("accessibility statement", () => {
  test("is linked from every footer and says how conformance is measured, its limits and whom to contact", async ({
    page,
    browser,
  }) => {
    expect(legalRow).toContain("accessibility")
    for (const language of languages) {
      const copy = JSON.parse(
        fs.readFileSync(`content/locales/${language}/accessibility.json`, "utf8"),
      ) as { hero: { title: string }; sections: { id: string; title: string }[] }
      const context = await browser.newContext({ javaScriptEnabled: false })
      const noJs = await context.newPage()
      await noJs.goto(localizePath("/contact", language))
      const link = noJs.locator(
        `footer a[href="${localizePath(routes.accessibility.path, language)}"]`,
      )
      await expect(link).toHaveCount(1)
      await link.click()
      await expect(noJs.locator("h1")).toHaveText(copy.hero.title)
      for (const id of ["etat", "limites", "contact-accessibilite"]) {
        const title = copy.sections.find((section) => section.id === id)!.title
        await expect(noJs.getByRole("heading", { level: 2, name: title })).toBeVisible()
      }
      await expect(noJs.locator("#etat")).toContainText("axe")
      await context.close()
    }
    await page.goto(routes.accessibility.path)
    await expect(page.locator("html")).toHaveAttribute("lang", "fr")
  })
})
