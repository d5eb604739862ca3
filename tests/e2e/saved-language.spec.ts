// A returning visitor who chose English or German and opens a French URL is moved to the
// same page in their language by the head's pre-paint script, before the French page paints.
// Each document records, as it goes away, whether it painted (an init script runs in every
// document before the page's own scripts).
import { expect, test, type Page } from "@playwright/test"
import { baseURL } from "../../playwright.config"

const recordPaints = `addEventListener("pagehide", function () {
  var painted = performance.getEntriesByType("paint").map(function (entry) { return entry.name }).join(",")
  sessionStorage.setItem("painted " + location.pathname, painted || "nothing")
})`

const saved = (language: string) => ({
  cookies: [],
  origins: [{ origin: baseURL, localStorage: [{ name: "language", value: language }] }],
})

async function paintsOf(page: Page, pathname: string) {
  return page.evaluate((key) => sessionStorage.getItem(key), `painted ${pathname}`)
}

test.describe("a visitor who saved English", () => {
  test.use({ storageState: saved("en") })

  test("opening / lands on /en without the French page ever painting", async ({ page }) => {
    await page.addInitScript(recordPaints)
    await page.goto("/?from=bookmark#top", { waitUntil: "domcontentloaded" })
    await expect(page).toHaveURL(/\/en\?from=bookmark#top$/)
    await expect(page.locator("html")).toHaveAttribute("lang", "en")
    expect(await paintsOf(page, "/")).toBe("nothing")
  })

  test("a link with a language prefix is never overridden", async ({ page }) => {
    await page.goto("/de/contact", { waitUntil: "domcontentloaded" })
    await expect(page).toHaveURL(/\/de\/contact$/)
    await expect(page.locator("html")).toHaveAttribute("lang", "de")
  })
})

test.describe("a visitor without a saved language (a crawler)", () => {
  test("gets the French URL it asked for, painted; the recorder sees that paint", async ({
    page,
  }) => {
    await page.addInitScript(recordPaints)
    await page.goto("/contact")
    await page.waitForFunction(
      () => performance.getEntriesByName("first-contentful-paint").length > 0,
    )
    await expect(page).toHaveURL(/\/contact$/)
    await page.goto("/en")
    expect(await paintsOf(page, "/contact")).toContain("first-contentful-paint")
  })
})
