import { expect, test } from "@playwright/test"
import { parse } from "node-html-parser"
import { unlistedPaths } from "../../content-kit/page-routes"
import { languages, localizePath } from "../../src/i18n/languages"
import { publicPages, siteUrl } from "./pages"

// The head and the heading are in the built HTML: read as served, without a browser (a full
// load of every page, with no page error, is the page walk's, page-walk.spec.ts).
for (const { path, language, canonicalPath } of publicPages) {
  test(`${path} answers in ${language} with its heading, lang, canonical and alternates`, async ({
    request,
  }) => {
    const response = await request.get(path)
    expect(response.status()).toBe(200)
    const html = parse(await response.text())
    const attribute = (selector: string, name: string) =>
      html.querySelector(selector)?.getAttribute(name)
    expect(attribute("html", "lang")).toBe(language)
    const headings = html.querySelectorAll("h1")
    expect(headings).toHaveLength(1)
    expect(headings[0].text.trim()).not.toBe("")
    expect(attribute('link[rel="canonical"]', "href")).toBe(`${siteUrl}${path}`)
    const alternates = html.querySelectorAll('link[rel="alternate"][hreflang]')
    if (unlistedPaths.includes(canonicalPath)) {
      // Pages reached only from a link in a mail are kept out of search engines.
      expect(attribute('meta[name="robots"]', "content")).toBe("noindex")
      expect(alternates).toHaveLength(0)
      return
    }
    expect(
      Object.fromEntries(
        alternates.map((link) => [link.getAttribute("hreflang"), link.getAttribute("href")]),
      ),
    ).toEqual({
      ...Object.fromEntries(
        languages.map((alternate) => [
          alternate,
          `${siteUrl}${localizePath(canonicalPath, alternate)}`,
        ]),
      ),
      "x-default": `${siteUrl}${canonicalPath}`,
    })
    expect(html.querySelector("title")?.text.trim().length).toBeGreaterThan(5)
  })
}

test("the blog lists its posts newest first and each opens in the page's language", async ({
  page,
}) => {
  for (const language of languages) {
    await page.goto(localizePath("/blog", language))
    const dates = await page
      .locator("main time")
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("datetime") ?? ""))
    expect(dates.length).toBeGreaterThanOrEqual(3)
    expect([...dates].sort().reverse()).toEqual(dates)
    const first = page.locator("main h2 a").first()
    const title = await first.textContent()
    await first.click()
    await expect(page.locator("h1")).toHaveText(title ?? "")
    await expect(page).toHaveURL(
      new RegExp(`${language === "fr" ? "" : `/${language}`}/blog/[a-z0-9-]+$`),
    )
    await expect(page.locator("html")).toHaveAttribute("lang", language)
  }
})

for (const language of languages) {
  test(`an unknown page answers 404 in ${language}, without the site shell`, async ({ page }) => {
    const response = await page.goto(localizePath("/no-such-page", language))
    expect(response?.status()).toBe(404)
    await expect(page.locator("html")).toHaveAttribute("lang", language)
    await expect(page.locator("h1")).toBeVisible()
    await expect(page.locator("header")).toHaveCount(0)
    await expect(page.locator("footer")).toHaveCount(0)
    await expect(page.locator("#contact-band-title")).toHaveCount(0)
  })
}

test("a trailing slash redirects to the canonical path", async ({ request }) => {
  const response = await request.get("/about/", { maxRedirects: 0 })
  expect(response.status()).toBe(301)
  expect(response.headers().location).toBe("/about")
})

test("sitemap and robots.txt list the pages with their alternates", async ({ request }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text()
  expect(sitemap).toContain(`<loc>${siteUrl}/de/produit/click&amp;win</loc>`)
  expect(sitemap).toContain(`hreflang="x-default" href="${siteUrl}/solutions/etudes-RH"`)
  const robots = await (await request.get("/robots.txt")).text()
  expect(robots).toContain(`Sitemap: ${siteUrl}/sitemap.xml`)
})
