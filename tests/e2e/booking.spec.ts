// The visitor's path of issue 49 against the meetings server's routes (contract/endpoints/
// booking.ts): book, reschedule and cancel in each language with JavaScript, on a 390 px
// phone, with axe finding nothing, and a first load with no page error. Without JavaScript:
// booking-nojs.spec.ts.
import fs from "node:fs"
import path from "node:path"
import { expect, test, type Page } from "@playwright/test"
import { expectNoAxeViolations, useAxe } from "./axe"

const read = (language: string, ns: string) =>
  JSON.parse(
    fs.readFileSync(
      path.resolve(__dirname, `../../content/locales/${language}/${ns}.json`),
      "utf8",
    ),
  )
const LANGUAGES = ["fr", "en", "de"] as const
const prefix = (language: string) => (language === "fr" ? "" : `/${language}`)

const noAxeViolations = (page: Page) => expectNoAxeViolations(page, page.url())

async function fill(page: Page, language: string, email: string) {
  const form = read(language, "booking").form
  await page.getByLabel(form.name, { exact: true }).fill("Ada Lovelace")
  await page.getByLabel(form.email, { exact: true }).fill(email)
  await page.getByLabel(form.company, { exact: true }).fill("Analytical Engines")
}

test.use({ viewport: { width: 390, height: 844 } })

for (const language of LANGUAGES) {
  test(`books, reschedules and cancels with JavaScript (${language})`, async ({ page }) => {
    const booking = read(language, "booking")
    const manage = read(language, "booking-manage")
    const errors: string[] = []
    page.on("pageerror", (error) => errors.push(error.message))
    await useAxe(page.context())
    await page.goto(`${prefix(language)}/contact/booking`)
    await page.waitForSelector("body[data-hydrated]")
    await page.getByLabel(booking.zone.label).selectOption("Asia/Dubai")
    const slots = page.getByTestId("slot-list").getByRole("radio")
    await expect(slots.first()).toBeAttached()
    await noAxeViolations(page)
    await page.getByTestId("slot-list").locator("label").first().click()
    await fill(page, language, `book-${language}@example.com`)
    await page.getByRole("button", { name: booking.form.submit }).click()
    await expect(page).toHaveURL(/\/contact\/booking\/manage\?token=/)
    await expect(page.getByTestId("booking-manage")).toHaveAttribute("data-status", "booked")
    await expect(page.getByText(manage.notices.booked)).toBeVisible()
    await noAxeViolations(page)

    await page.getByRole("button", { name: manage.reschedule.open }).click()
    await page.getByTestId("slot-list").locator("label").nth(1).click()
    await page.getByRole("button", { name: manage.reschedule.submit }).click()
    await expect(page.getByTestId("booking-manage")).toHaveAttribute("data-status", "rescheduled")

    await page.getByRole("button", { name: manage.cancel.submit }).click()
    await expect(page.getByTestId("booking-manage")).toHaveAttribute("data-status", "cancelled")
    expect(errors).toEqual([])
  })
}

test("a full load shows the real booking page before hydration, with no page error", async ({
  page,
}) => {
  const errors: string[] = []
  page.on("pageerror", (error) => errors.push(error.message))
  await page.goto("/en/contact/booking", { waitUntil: "load" })
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(read("en", "booking").hero.title)
  await expect(page.getByLabel(read("en", "booking").zone.label)).toBeVisible()
  expect(errors).toEqual([])
})
