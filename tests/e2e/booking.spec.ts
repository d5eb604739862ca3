// The visitor's path of issue 49 against the meetings server's routes (contract/endpoints/
// booking.ts): book, reschedule and cancel in each language with JavaScript, on a 390 px
// phone, with axe finding nothing, and a first load with no page error. Without JavaScript:
// booking-nojs.spec.ts.
import { expect, test, type Page } from "@playwright/test"
import { type Language, languages, localizePath } from "../../src/i18n/languages"
import { copy } from "../../src/test/copy"
import { expectNoAxeViolations, useAxe } from "./axe"

/** The copy of a namespace in a language, by key (src/test/copy.ts). */
const words = (language: Language, ns: string) => (key: string) => copy(language, `${ns}:${key}`)

const noAxeViolations = (page: Page) => expectNoAxeViolations(page, page.url())

async function fill(page: Page, language: Language, email: string) {
  const form = words(language, "booking")
  await page.getByLabel(form("form.name"), { exact: true }).fill("Ada Lovelace")
  await page.getByLabel(form("form.email"), { exact: true }).fill(email)
  await page.getByLabel(form("form.company"), { exact: true }).fill("Analytical Engines")
}

test.use({ viewport: { width: 390, height: 844 } })

for (const language of languages) {
  test(`books, reschedules and cancels with JavaScript (${language})`, async ({ page }) => {
    const booking = words(language, "booking")
    const manage = words(language, "booking-manage")
    const errors: string[] = []
    page.on("pageerror", (error) => errors.push(error.message))
    await useAxe(page.context())
    await page.goto(localizePath("/contact/booking", language))
    await page.waitForSelector("body[data-hydrated]")
    await page.getByLabel(booking("zone.label")).selectOption("Asia/Dubai")
    const slots = page.getByTestId("slot-list").getByRole("radio")
    await expect(slots.first()).toBeAttached()
    await noAxeViolations(page)
    // A time of its own per language, an hour apart (a demo and its buffer hold the member 45
    // minutes): the three run at once against one team, and two taking the same time would
    // meet the 409, which the page handles (the no-JS test books late days).
    await page
      .getByTestId("slot-list")
      .locator("label")
      .nth(2 * languages.indexOf(language))
      .click()
    await fill(page, language, `book-${language}@example.com`)
    await page.getByRole("button", { name: booking("form.submit") }).click()
    await expect(page).toHaveURL(/\/contact\/booking\/manage\?token=/)
    await expect(page.getByTestId("booking-manage")).toHaveAttribute("data-status", "booked")
    await expect(page.getByText(manage("notices.booked"))).toBeVisible()
    await noAxeViolations(page)

    await page.getByRole("button", { name: manage("reschedule.open") }).click()
    // Another day of its own per language (the fourth, fifth and sixth listed).
    await page
      .getByTestId("slot-list")
      .locator("fieldset")
      .nth(3 + languages.indexOf(language))
      .locator("label")
      .first()
      .click()
    await page.getByRole("button", { name: manage("reschedule.submit") }).click()
    await expect(page.getByTestId("booking-manage")).toHaveAttribute("data-status", "rescheduled")

    await page.getByRole("button", { name: manage("cancel.submit") }).click()
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
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy("en", "booking:hero.title"))
  await expect(page.getByLabel(copy("en", "booking:zone.label"))).toBeVisible()
  expect(errors).toEqual([])
})
