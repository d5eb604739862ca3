import fs from "node:fs"
import { expect, test } from "@playwright/test"
import { localizePath } from "../../src/i18n/languages"

// Product visuals and blog covers through Gatsby's image pipeline, as served (no JavaScript
// needed): AVIF and WebP at several widths, explicit size, the largest image eager with
// fetchpriority="high" and shown at once (no opacity fade), the others lazy on a colour.
const alts = (language: string) =>
  JSON.parse(fs.readFileSync(`content/locales/${language}/images.json`, "utf8")) as Record<
    string,
    string
  > & { blog: Record<string, string> }

test("product pages show their visual as AVIF/WebP with widths, explicit size, eager and high priority", async ({
  browser,
}) => {
  for (const [language, path, key] of [
    ["fr", "/produit/creaform", "creaform"],
    ["de", "/produit/click&win", "clickwin"],
  ] as const) {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    const avif: string[] = []
    page.on(
      "response",
      (response) =>
        response.headers()["content-type"] === "image/avif" && avif.push(response.url()),
    )
    await page.goto(localizePath(path, language))
    const image = page.getByRole("img", { name: alts(language)[key] })
    await expect(image).toHaveAttribute("loading", "eager")
    await expect(image).toHaveAttribute("fetchpriority", "high")
    await expect(image).toHaveAttribute("width", /^\d+$/)
    await expect(image).toHaveAttribute("height", /^\d+$/)
    const picture = image.locator("xpath=..")
    for (const type of ["image/avif", "image/webp"]) {
      const srcset = await picture.locator(`source[type="${type}"]`).getAttribute("srcset")
      expect(srcset!.split(",").length, type).toBeGreaterThanOrEqual(4)
    }
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true)
    expect(avif.length).toBeGreaterThanOrEqual(1)
    // Fully opaque from its first paint: no placeholder, no fade-in.
    expect(await image.evaluate((img) => getComputedStyle(img).opacity)).toBe("1")
    expect(await image.evaluate((img) => getComputedStyle(img).transitionProperty)).not.toMatch(
      /opacity/,
    )
    await context.close()
  }
})

test(
  "the blog lists covers lazily on their dominant colour; a post's " +
    "cover is its priority image and its diagrams are processed",
  async ({ page }) => {
    await page.goto(localizePath("/blog", "en"))
    const cover = page.getByRole("img", { name: alts("en").blog["bien-utiliser-le-nps"] })
    await expect(cover).toHaveAttribute("loading", "lazy")
    expect(await cover.getAttribute("style")).toMatch(/background-color:\s*(#|rgb)/)
    await expect(cover.locator("xpath=..").locator('source[type="image/avif"]')).toHaveCount(1)

    await page.goto(localizePath("/blog/bien-utiliser-le-nps", "en"))
    const hero = page.getByRole("img", { name: alts("en").blog["bien-utiliser-le-nps"] })
    await expect(hero).toHaveAttribute("fetchpriority", "high")
    const diagram = page.locator("article .article picture img")
    await expect(diagram).toHaveCount(1)
    await expect(diagram).toHaveAttribute("loading", "lazy")
    await expect(diagram).toHaveAttribute("alt", /NPS/)
    await expect(diagram.locator("xpath=..").locator('source[type="image/webp"]')).toHaveCount(1)
  },
)

test("the team shows initials avatars hidden from screen readers", async ({ page }) => {
  await page.goto("/about")
  const avatars = page.locator("#equipe li > span[aria-hidden='true']")
  expect(await avatars.count()).toBeGreaterThan(0)
  for (const text of await avatars.allTextContents()) expect(text).toMatch(/^\p{Lu}{1,2}$/u)
})
