import { expect, test } from "@playwright/test"
import { unlistedPages } from "../../content-kit/routes"
import { languages, localizePath } from "../../src/i18n/languages"
import { publicPages, siteUrl } from "./pages"

for (const { path, language, canonicalPath } of publicPages) {
  test(`${path} answers in ${language} with its heading, lang, canonical and alternates`, async ({
    page,
  }) => {
    const response = await page.goto(path)
    expect(response?.status()).toBe(200)
    await expect(page.locator("html")).toHaveAttribute("lang", language)
    await expect(page.locator("h1")).toHaveCount(1)
    await expect(page.locator("h1")).not.toBeEmpty()
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${siteUrl}${path}`)
    if (unlistedPages.includes(canonicalPath)) {
      // Pages reached only from a link in a mail are kept out of search engines.
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex")
      await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(0)
      return
    }
    for (const alternate of languages) {
      await expect(page.locator(`link[rel="alternate"][hreflang="${alternate}"]`)).toHaveAttribute(
        "href",
        `${siteUrl}${localizePath(canonicalPath, alternate)}`,
      )
    }
    await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
      "href",
      `${siteUrl}${canonicalPath}`,
    )
    const title = await page.title()
    expect(title.length).toBeGreaterThan(5)
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
