// The site's icons are <use> references into one content-hashed SVG sprite (src/node/icon-sprite.ts):
// each reference must name a symbol that exists, the sprite must be served as an image cached for a
// year, and the icons must be drawn (a box of their size) with JavaScript on and off.
import { expect, test, type Page } from "@playwright/test"

async function iconReferences(page: Page) {
  return page.locator("svg > use").evaluateAll((uses) =>
    uses.map((use) => {
      const box = use.parentElement!.getBoundingClientRect()
      return { href: use.getAttribute("href") ?? "", visible: box.width > 0 && box.height > 0 }
    }),
  )
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled })

    for (const path of ["/", "/en/contact", "/de/solutions"]) {
      test(`every icon of ${path} names a symbol of the sprite`, async ({ page }) => {
        await page.goto(path)
        if (javaScriptEnabled) await page.locator("body[data-hydrated]").waitFor()
        const references = await iconReferences(page)
        expect(references.length).toBeGreaterThan(3)
        const spriteUrls = [...new Set(references.map((reference) => reference.href.split("#")[0]))]
        expect(spriteUrls).toHaveLength(1)
        expect(spriteUrls[0]).toMatch(/^\/static\/icons-[0-9a-f]{20}\.svg$/)
        const response = await page.request.get(spriteUrls[0])
        expect(response.status()).toBe(200)
        expect(response.headers()["content-type"]).toBe("image/svg+xml")
        expect(response.headers()["cache-control"]).toContain("immutable")
        const sprite = await response.text()
        for (const { href } of references)
          expect(sprite).toContain(`<symbol id="${href.split("#")[1]}"`)
        expect(references.some((reference) => reference.visible)).toBe(true)
      })
    }
  })
}
