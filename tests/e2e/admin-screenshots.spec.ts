import { expect, test } from "@playwright/test"
import { copy } from "../../src/test/copy"
import { postMessage, signIn, uniqueTag } from "./admin-helpers"
import { withMeetings } from "./admin-meetings-fixtures"

// Screenshots of every admin screen, to look at: ADMIN_SHOTS=/tmp/shots npx playwright test
// admin-screenshots (playwright.config.ts leaves this file out when ADMIN_SHOTS is not set).
const folder = process.env.ADMIN_SHOTS ?? ""

const sizes = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } }

for (const theme of ["light", "dark"] as const) {
  for (const [sizeName, viewport] of Object.entries(sizes)) {
    test(`admin screens, ${theme}, ${sizeName}`, async ({ page }) => {
      test.setTimeout(60_000)
      await page.setViewportSize(viewport)
      await page.addInitScript((value) => localStorage.setItem("theme", value), theme)
      const tag = uniqueTag("shot")
      const id = await postMessage(page, {
        name: "Camille Martin",
        email: "camille.martin@example.fr",
        message:
          `Bonjour,\n\nNous préparons une étude de satisfaction auprès de 2 000 clients en France et ` +
          `en Belgique. Pouvez-vous nous proposer une démo de CreaForm et un devis ?\n\nMerci, ${tag}`,
      })
      await postMessage(page, {
        name: "Jordan Lee",
        email: "jordan@example.com",
        message: "Could we schedule a call about a panel study in the UAE?",
        language: "en",
        page: "/en/contact",
      })
      const shot = (name: string) =>
        page.screenshot({
          path: `${folder}/admin-${name}-${theme}-${sizeName}.png`,
          fullPage: true,
        })

      await page.goto("/admin/login")
      await expect(
        page.getByRole("heading", { name: copy("fr", "admin:login.title") }),
      ).toBeVisible()
      // Another user name: the admin's failed attempts are throttled, and other tests sign in as admin.
      await page
        .getByLabel(copy("fr", "admin:login.username"))
        .fill(`screenshot-${theme}-${sizeName}`)
      await page.getByLabel(copy("fr", "admin:login.password")).fill("wrong password")
      await page.getByRole("button", { name: copy("fr", "admin:login.submit") }).click()
      await expect(page.getByRole("alert")).toBeVisible()
      await shot("login")

      await signIn(page, "/admin")
      await expect(page.locator("figure svg")).toBeVisible()
      await shot("dashboard")

      await page.goto("/admin/messages")
      await expect(page.getByTestId("inbox-row").first()).toBeVisible()
      await page.getByTestId("inbox-row").nth(1).getByRole("checkbox").check()
      await shot("inbox")
      await page.getByRole("button", { name: copy("fr", "admin:inbox.delete") }).click()
      await expect(page.getByRole("dialog")).toBeVisible()
      await shot("inbox-confirm")
      await page
        .getByRole("dialog")
        .getByRole("button", { name: copy("fr", "admin:common.cancel") })
        .click()

      await page.goto(`/admin/messages/${id}`)
      await expect(page.getByTestId("message-text")).toBeVisible()
      await shot("message")

      await withMeetings(page)
      await page.goto("/admin/meetings")
      await expect(page.getByTestId("meeting").first()).toBeVisible()
      await expect(page.getByTestId("availability-form")).toBeVisible()
      await shot("meetings")

      await page.goto("/admin/account")
      await expect(
        page.getByRole("heading", { name: copy("fr", "admin:management.password.title") }),
      ).toBeVisible()
      await shot("account")

      await page.goto("/admin/publishing")
      await expect(
        page.getByRole("heading", { level: 2, name: copy("fr", "admin:releases.title") }),
      ).toBeVisible()
      await shot("publishing")

      await page.goto("/admin/data")
      await expect(page.getByTestId("data-rights")).toBeVisible()
      await shot("data")

      await page.goto("/admin/deliveries")
      await expect(
        page.getByRole("heading", { level: 2, name: copy("fr", "admin:deliveries.title") }),
      ).toBeVisible()
      await shot("deliveries")

      await page.goto("/admin/nowhere")
      await expect(
        page.getByRole("heading", { name: copy("fr", "admin:notFound.title") }),
      ).toBeVisible()
      await shot("not-found")
    })
  }
}
