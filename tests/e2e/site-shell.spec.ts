import { expect, test } from "@playwright/test"
import { copy } from "../../src/test/copy"
import { openReady } from "./pages"

test.describe("theme", () => {
  test("the choice survives a reload and is applied before any JavaScript runs", async ({
    page,
  }) => {
    await openReady(page, "/about")
    await expect(page.locator("html")).not.toHaveClass(/dark/)
    await page
      .locator("header")
      .getByRole("button", { name: copy("fr", "theme.dark") })
      .click()
    await expect(page.locator("html")).toHaveClass(/dark/)
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark")

    // Block every script file: only the inline pre-paint script can set the class now.
    await page.route(/\.js$/, (route) => route.abort())
    await page.reload()
    await expect(page.locator("html")).toHaveClass(/dark/)
  })

  test("system follows the operating system's preference", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" })
    await openReady(page, "/")
    await page
      .locator("header")
      .getByRole("button", { name: copy("fr", "theme.system") })
      .click()
    await expect(page.locator("html")).toHaveClass(/dark/)
    await page.emulateMedia({ colorScheme: "light" })
    await expect(page.locator("html")).not.toHaveClass(/dark/)
  })
})

test.describe("language", () => {
  test("switching keeps the visitor on the same page and survives a reload", async ({ page }) => {
    await openReady(page, "/solutions/etudes-RH")
    await page.locator("header").getByRole("button", { name: "Deutsch" }).click()
    await expect(page).toHaveURL(/\/de\/solutions\/etudes-RH$/)
    await expect(page.locator("html")).toHaveAttribute("lang", "de")
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("de")
    await page.reload()
    await expect(page).toHaveURL(/\/de\/solutions\/etudes-RH$/)
    await expect(
      page.locator("header").getByRole("link", { name: copy("de", "nav.contact") }),
    ).toBeVisible()
  })

  test("a saved language brings a returning visitor to their version of the page", async ({
    page,
  }) => {
    await page.addInitScript(() => localStorage.setItem("language", "en"))
    await openReady(page, "/produit/click&win")
    await expect(page).toHaveURL(/\/en\/produit\/click&win$/)
    await expect(page.locator("html")).toHaveAttribute("lang", "en")
  })

  test("an invalid saved language is ignored", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("language", "es"))
    await openReady(page, "/about")
    await page.waitForTimeout(300)
    await expect(page).toHaveURL(/\/about$/)
    await expect(page.locator("html")).toHaveAttribute("lang", "fr")
  })
})

test("the header changes once the page is scrolled past 50 px", async ({ page }) => {
  await openReady(page, "/")
  const header = page.locator("header")
  await expect(header).toHaveAttribute("data-scrolled", "false")
  await page.evaluate(() => window.scrollTo(0, 40))
  await page.waitForTimeout(100)
  await expect(header).toHaveAttribute("data-scrolled", "false")
  await page.evaluate(() => window.scrollTo(0, 120))
  await expect(header).toHaveAttribute("data-scrolled", "true")
  await page.evaluate(() => window.scrollTo(0, 0))
  await expect(header).toHaveAttribute("data-scrolled", "false")
})

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test("closed, it is laid out but out of reach: not exposed, not under a tap, never reached by Tab", async ({
    page,
  }) => {
    await openReady(page, "/en")
    const outOfReach = async () => {
      await expect(page.getByRole("dialog")).toHaveCount(0)
      const underTaps = await page.evaluate(() =>
        [100, 400, 700].some((y) => !!document.elementFromPoint(195, y)?.closest("dialog")),
      )
      expect(underTaps).toBe(false)
      for (let i = 0; i < 25; i++) {
        await page.keyboard.press("Tab")
        const inside = await page.evaluate(() => !!document.activeElement?.closest("dialog"))
        expect(inside).toBe(false)
      }
    }
    await outOfReach()
    await page.getByRole("button", { name: copy("en", "nav.openMenu") }).click()
    await expect(page.getByRole("dialog", { name: copy("en", "nav.menu") })).toBeVisible()
    await page.keyboard.press("Escape")
    await outOfReach()
  })

  test("slides in, keeps at most one group open, holds focus and closes on Escape", async ({
    page,
  }) => {
    await openReady(page, "/en")
    const opener = page.getByRole("button", { name: copy("en", "nav.openMenu") })
    await opener.click()
    const menu = page.getByRole("dialog", { name: copy("en", "nav.menu") })
    await expect(menu).toBeVisible()

    const product = menu.getByRole("button", { name: copy("en", "nav.productGroup") })
    const resources = menu.getByRole("button", { name: copy("en", "nav.resources") })
    await product.click()
    await expect(menu.getByRole("link", { name: copy("en", "nav.creaform") })).toBeVisible()
    await resources.click()
    await expect(product).toHaveAttribute("aria-expanded", "false")
    await expect(resources).toHaveAttribute("aria-expanded", "true")
    await expect(menu.getByRole("link", { name: copy("en", "nav.creaform") })).toBeHidden()
    await expect(menu.getByRole("link", { name: copy("en", "nav.blog") })).toBeVisible()

    for (let i = 0; i < 30; i++) {
      await page.keyboard.press("Tab")
      const inside = await page.evaluate(() => !!document.activeElement?.closest("dialog"))
      expect(inside).toBe(true)
    }
    await page.keyboard.press("Escape")
    await expect(menu).toBeHidden()
  })

  test("links to the home page's solutions and process anchors", async ({ page }) => {
    await openReady(page, "/about")
    await page.getByRole("button", { name: copy("fr", "nav.openMenu") }).click()
    await page
      .getByRole("dialog")
      .getByRole("link", { name: copy("fr", "nav.processAnchor") })
      .click()
    await expect(page).toHaveURL(/\/#process$/)
    await expect(page.locator("#process")).toBeInViewport()
  })
})

test.describe("contact band", () => {
  test("is on content pages but not on the contact page", async ({ page }) => {
    await openReady(page, "/about")
    await expect(page.locator("#contact-band-title")).toBeVisible()
    await openReady(page, "/contact")
    await expect(page.locator("#contact-band-title")).toHaveCount(0)
    await expect(page.locator("form textarea")).toHaveAttribute("rows", "9")
  })
})
