// The page's bundles wait for the first contentful paint (postbuild/defer-bundles.ts), and the
// page still hydrates.
import { expect, test } from "@playwright/test"
import { openReady } from "./pages"

for (const path of ["/", "/de/contact"]) {
  test(`${path} paints before it requests its bundles, then hydrates`, async ({ page }) => {
    await openReady(page, path)
    const timing = await page.evaluate(() => {
      const bundles = performance
        .getEntriesByType("resource")
        .filter((entry) => /\/(webpack-runtime|framework|app)-[0-9a-f]+\.js$/.test(entry.name))
      return {
        firstContentfulPaint:
          performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
        firstBundleRequest: Math.min(...bundles.map((entry) => entry.startTime)),
        bundles: bundles.length,
      }
    })
    expect(timing.bundles).toBe(3)
    expect(timing.firstBundleRequest).toBeGreaterThanOrEqual(timing.firstContentfulPaint)
  })
}
