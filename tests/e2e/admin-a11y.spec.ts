import { expect, type Page, test } from "@playwright/test"
import { copy } from "../../src/test/copy"
import { newOwner, postMessage, signIn, uniqueTag, useOwnAddress } from "./admin-helpers"
import { axeViolations, expectNoAxeViolations, useAxe } from "./axe"
import { darkClass } from "./visitor-context"

/**
 * axe on the screen as it is, light: every rule axe runs by default; then dark, where only
 * colours change (src/theme/dark-variants.test.ts): the colour rules. The screen is left light.
 */
async function expectNoViolations(page: Page, screen: string) {
  await expectNoAxeViolations(page, screen)
  await darkClass(page, true)
  expect(await axeViolations(page, "colours"), `${screen}, dark`).toEqual([])
  await darkClass(page, false)
}

test("every admin screen passes axe, light and dark", async ({ page }) => {
  test.setTimeout(120_000)
  await useAxe(page.context())
  await page.addInitScript(() => localStorage.setItem("theme", "light"))
  const id = await postMessage(page, { name: `Axe ${uniqueTag("a11y")}`, message: "Bonjour" })

  await page.goto("/admin/login")
  await expect(page.getByRole("heading", { name: copy("fr", "admin:login.title") })).toBeVisible()
  await expectNoViolations(page, "login")

  await signIn(page, "/admin")
  await expect(page.locator("figure svg")).toBeVisible()
  await expect(page.getByTestId("sources-by-source")).toBeVisible()
  await expectNoViolations(page, "dashboard")

  await page.goto("/admin/messages")
  await expect(page.getByTestId("inbox-row").first()).toBeVisible()
  await page.getByTestId("inbox-row").first().getByRole("checkbox").check()
  await expectNoViolations(page, "inbox")

  await page.goto(`/admin/messages/${id}`)
  await expect(page.getByTestId("message-text")).toBeVisible()
  await expect(page.locator("#message-assignee option").nth(1)).toBeAttached()
  await expectNoViolations(page, "message")

  await page.goto("/admin/account")
  await expect(
    page.getByRole("heading", { name: copy("fr", "admin:management.password.title") }),
  ).toBeVisible()
  await expect(page.getByRole("heading", { name: copy("fr", "admin:totp.title") })).toBeVisible()
  await expectNoViolations(page, "account")

  await page.goto("/admin/publishing")
  await expect(
    page.getByRole("heading", { level: 2, name: copy("fr", "admin:releases.title") }),
  ).toBeVisible()
  await expect(
    page.getByRole("button", { name: copy("fr", "admin:releases.publish") }),
  ).toBeVisible()
  await expectNoViolations(page, "publishing")

  await page.goto("/admin/data")
  await expect(
    page.getByRole("heading", { name: copy("fr", "admin:management.subscribers") }),
  ).toBeVisible()
  await expect(page.getByTestId("data-rights")).toBeVisible()
  await expectNoViolations(page, "data")

  await page.goto("/admin/deliveries")
  await expect(
    page.getByRole("heading", { name: copy("fr", "admin:deliveries.webhooksTitle") }),
  ).toBeVisible()
  await expectNoViolations(page, "deliveries")

  await page.goto("/admin/team")
  await expect(page.getByTestId("user-row").first()).toBeVisible()
  await expect(page.getByTestId("audit-row").first()).toBeVisible()
  await expectNoViolations(page, "team")

  await page.goto("/admin/audience")
  await expect(page.getByTestId("audience-totals")).toBeVisible()
  await expect(page.getByTestId("audience-vitals")).toBeVisible()
  await expectNoViolations(page, "audience")

  await page.goto("/admin/elsewhere")
  await expect(
    page.getByRole("heading", { name: copy("fr", "admin:notFound.title") }),
  ).toBeVisible()
  await expectNoViolations(page, "not found")
})

test("the login form works from the keyboard alone", async ({ page }) => {
  // Its own account: Enter is pressed once, so no other test's sign-in may hold the account.
  const owner = await newOwner()
  await useOwnAddress(page)
  await page.goto("/admin/login")
  await page.getByLabel(copy("fr", "admin:login.username")).focus()
  await page.keyboard.type(owner.username)
  await page.keyboard.press("Tab")
  await expect(page.getByLabel(copy("fr", "admin:login.password"))).toBeFocused()
  await page.keyboard.type(owner.password)
  await page.keyboard.press("Enter")
  await expect(page).toHaveURL(/\/admin$/)
  await expect(
    page.getByRole("heading", { name: copy("fr", "admin:dashboard.title") }),
  ).toBeVisible()
})
