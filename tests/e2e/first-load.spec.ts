// The first load of the pages the page walk does not visit (page-walk.spec.ts full-loads every
// public page): both spellings of an address with an ampersand, and the admin's client-only
// routes, which must paint their frame as fast as public pages. A full load: full-load.ts.
import { expect, test } from "@playwright/test"
import { adminPaths } from "../../src/admin/admin-routes"
import { languages, localizePath } from "../../src/i18n/languages"
import { expectGoodLoad, fullLoad } from "./full-load"

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

test.describe("first load", () => {
  test.describe.configure({ timeout: 120_000 })

  test("both spellings of /produit/click&win, in every language, hydrate without an error or a new URL", async ({
    page,
  }) => {
    for (const language of languages) {
      for (const spelling of ["/produit/click&win", "/produit/click%26win"]) {
        const path = localizePath(spelling, language)
        const load = await fullLoad(page, path)
        expectGoodLoad(load)
        // The URL is the page's own path, and the canonical link is unchanged.
        expect.soft(new URL(page.url()).pathname).toBe(localizePath("/produit/click&win", language))
        const canonical = await page.locator('link[rel="canonical"]').getAttribute("href")
        expect
          .soft(canonical)
          .toMatch(
            new RegExp(`${localizePath("/produit/click&win", language).replace(/[/&]/g, "\\$&")}$`),
          )
      }
    }
  })

  test("the admin's client-only routes paint their frame as fast as public pages, with no error", async ({
    page,
  }) => {
    const publicPaints: number[] = []
    const adminPaints: number[] = []
    const adminRoutes = [
      adminPaths.dashboard,
      adminPaths.login,
      adminPaths.inbox,
      adminPaths.account,
      adminPaths.data,
      adminPaths.audience,
      adminPaths.message("unknown-id"),
      "/admin/no-such-screen",
    ]
    // Interleaved, so that both sets meet the same load on the machine.
    for (const [index, path] of adminRoutes.entries()) {
      const reference = await fullLoad(page, ["/", "/en/contact", "/de"][index % 3])
      if (reference.firstContentfulPaint !== null) publicPaints.push(reference.firstContentfulPaint)
      const load = await fullLoad(page, path)
      expectGoodLoad(load)
      if (load.firstContentfulPaint !== null) adminPaints.push(load.firstContentfulPaint)
    }
    test.info().annotations.push({
      type: "fcp",
      description: `admin median ${median(adminPaints)} ms, public median ${median(publicPaints)} ms`,
    })
    expect(adminPaints).toHaveLength(adminRoutes.length)
    expect(median(adminPaints)).toBeLessThanOrEqual(median(publicPaints) + 300)
  })
})
