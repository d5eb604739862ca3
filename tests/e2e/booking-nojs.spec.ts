// The visitor's path of issue 49 with JavaScript off: the server writes the times and the
// forms into the built pages (server/routes/booking-pages.ts, docs/BOOKING.md). Books,
// reschedules and cancels in each language on a 390 px phone. (axe is not run here yet: its
// promises never settle in a page with JavaScript off; a page that refuses only the site's
// bundles hung too.)
import fs from "node:fs"
import path from "node:path"
import { expect, test } from "@playwright/test"

const read = (language: string, ns: string) =>
  JSON.parse(
    fs.readFileSync(
      path.resolve(__dirname, `../../content/locales/${language}/${ns}.json`),
      "utf8",
    ),
  )
const LANGUAGES = ["fr", "en", "de"] as const
const prefix = (language: string) => (language === "fr" ? "" : `/${language}`)
test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } })

for (const [index, language] of LANGUAGES.entries()) {
  test(`books, reschedules and cancels without JavaScript (${language})`, async ({ page }) => {
    const booking = read(language, "booking")
    const manage = read(language, "booking-manage")
    await page.goto(`${prefix(language)}/contact/booking`)
    await page.getByLabel(booking.types.consultation.name).check()
    await page.getByLabel(booking.zone.label).selectOption("Asia/Dubai")
    await page.getByRole("button", { name: booking.zone.show }).click()
    await expect(page).toHaveURL(/type=consultation&zone=Asia%2FDubai/)
    await expect(page.getByTestId("slot-list").locator("label").first()).toBeVisible()

    // A late day of its own per language (a day holds at most 4 consultations a member),
    // away from the JavaScript test's first times.
    const days = page.getByTestId("slot-list").locator("fieldset")
    const day = days.nth((await days.count()) - 1 - index)
    await day.locator("label").last().click()
    await page.getByLabel(booking.form.name, { exact: true }).fill("Ada Lovelace")
    await page.getByLabel(booking.form.email, { exact: true }).fill(`nojs-${language}@example.com`)
    await page.getByLabel(booking.form.company, { exact: true }).fill("Analytical Engines")
    await page.getByRole("button", { name: booking.form.submit }).click()
    await expect(page).toHaveURL(/\/contact\/booking\/manage\?token=.+&done=booked/)
    expect(new URL(page.url()).pathname).toBe(`${prefix(language)}/contact/booking/manage`)
    await expect(page.getByTestId("booking-manage")).toHaveAttribute("data-status", "booked")
    await expect(page.getByText(manage.notices.booked)).toBeVisible()

    const later = page.getByTestId("slot-list").locator("fieldset")
    await later
      .nth((await later.count()) - 1 - index)
      .locator("label")
      .first()
      .click()
    await page.getByRole("button", { name: manage.reschedule.submit }).click()
    await expect(page).toHaveURL(/done=rescheduled/)
    await expect(page.getByTestId("booking-manage")).toHaveAttribute("data-status", "rescheduled")
    await expect(page.getByText(manage.notices.rescheduled)).toBeVisible()

    await page.getByRole("button", { name: manage.cancel.submit }).click()
    await expect(page).toHaveURL(/done=cancelled/)
    await expect(page.getByTestId("booking-manage")).toHaveAttribute("data-status", "cancelled")
    await expect(page.getByText(manage.notices.cancelled)).toBeVisible()
  })
}
