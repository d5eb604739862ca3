// Accessibility gate beyond the page walk (page-walk.spec.ts runs axe on every public page, light
// and dark, phone and desktop): the not-found pages, the admin's login screen and the open
// mobile menu; zero violations (WCAG 2.0/2.1 A and AA, 2.2 AA).
import { expect, test } from "@playwright/test"
import { copy } from "../../src/test/copy"
import { axeViolations } from "./axe"
import { openContext, report, settle, themes } from "./visitor-context"

test.describe.configure({ mode: "parallel" })

test("axe: the 404 page and the admin login screen, light and dark", async ({ browser }) => {
  const failures: Record<string, string[]> = {}
  for (const theme of themes) {
    const context = await openContext(browser, theme, "desktop")
    const page = await context.newPage()
    for (const path of ["/no-such-page", "/de/gibt-es-nicht", "/admin/login"]) {
      await page.goto(path)
      await page.waitForLoadState("networkidle")
      await settle(page, false)
      const violations = await axeViolations(page)
      if (violations.length) failures[`${theme} ${path}`] = violations
    }
    await context.close()
  }
  expect(Object.keys(failures), report(failures)).toEqual([])
})

test("axe: the mobile menu open, with a group unfolded, light and dark", async ({ browser }) => {
  const failures: Record<string, string[]> = {}
  for (const theme of themes) {
    const context = await openContext(browser, theme, "phone")
    const page = await context.newPage()
    await page.goto("/en")
    await page.waitForSelector("body[data-hydrated]")
    await page.getByRole("button", { name: copy("en", "nav.openMenu") }).click()
    const menu = page.getByRole("dialog", { name: copy("en", "nav.menu") })
    await expect(menu).toBeVisible()
    await menu.getByRole("button", { name: copy("en", "nav.productGroup") }).click()
    await expect(menu.getByRole("link", { name: copy("en", "nav.creaform") })).toBeVisible()
    const violations = await axeViolations(page)
    if (violations.length) failures[`${theme} menu`] = violations
    await context.close()
  }
  expect(Object.keys(failures), report(failures)).toEqual([])
})
