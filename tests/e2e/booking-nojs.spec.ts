// The visitor's path of issue 49 with JavaScript off: the server writes the times and the
// forms into the built pages (server/routes/booking-pages.ts, docs/BOOKING.md). Books,
// reschedules and cancels in each language on a 390 px phone, with axe on every step's page,
// light and dark (the colour rules; src/theme/dark-variants.test.ts).
import { type Browser, expect, type Page, test } from "@playwright/test"
import { type Language, languages, localizePath } from "../../src/i18n/languages"
import { copy } from "../../src/test/copy"
import { axeViolations, rulesIn, useAxe } from "./axe"
import { darkClass, themes } from "./visitor-context"

/** The copy of a namespace in a language, by key (src/test/copy.ts). */
const words = (language: Language, ns: string) => (key: string) => copy(language, `${ns}:${key}`)
const phone = { width: 390, height: 844 }
test.use({ javaScriptEnabled: false, viewport: phone })

/**
 * axe's violations of the page as a visitor without JavaScript has it. axe cannot run in a
 * page with JavaScript off (its evaluation never settles), so the page's HTML, its scripts
 * taken out, is opened at its own address in a page with JavaScript on: the same markup and
 * style sheets, nothing hydrated; dark by the class the theme script would have set.
 */
async function axeWithoutJavaScript(browser: Browser, page: Page): Promise<string[]> {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "")
  // The test's own options (JavaScript off) apply to new contexts too, unless said otherwise.
  const context = await browser.newContext({ viewport: phone, javaScriptEnabled: true })
  await useAxe(context)
  const view = await context.newPage()
  await view.route(page.url(), (route) =>
    route.fulfill({ contentType: "text/html; charset=utf-8", body: html }),
  )
  await view.goto(page.url())
  const found: string[] = []
  for (const theme of themes) {
    await darkClass(view, theme === "dark")
    const violations = await axeViolations(view, rulesIn(theme))
    found.push(...violations.map((line) => `${theme}: ${line}`))
  }
  await context.close()
  return found
}

for (const [index, language] of languages.entries()) {
  test(`books, reschedules and cancels without JavaScript (${language})`, async ({
    page,
    browser,
  }) => {
    // Four page loads and eight axe runs besides the path itself.
    test.setTimeout(120_000)
    const violations: Record<string, string[]> = {}
    const checkAxe = async (step: string) => {
      const found = await axeWithoutJavaScript(browser, page)
      if (found.length) violations[step] = found
    }
    const booking = words(language, "booking")
    const manage = words(language, "booking-manage")
    await page.goto(localizePath("/contact/booking", language))
    await page.getByLabel(booking("types.consultation.name")).check()
    await page.getByLabel(booking("zone.label")).selectOption("Asia/Dubai")
    await page.getByRole("button", { name: booking("zone.show") }).click()
    await expect(page).toHaveURL(/type=consultation&zone=Asia%2FDubai/)
    await expect(page.getByTestId("slot-list").locator("label").first()).toBeVisible()
    await checkAxe("slots")

    // A late day of its own per language (a day holds at most 4 consultations a member),
    // away from the JavaScript test's first times.
    const days = page.getByTestId("slot-list").locator("fieldset")
    const day = days.nth((await days.count()) - 1 - index)
    await day.locator("label").last().click()
    await page.getByLabel(booking("form.name"), { exact: true }).fill("Ada Lovelace")
    await page
      .getByLabel(booking("form.email"), { exact: true })
      .fill(`nojs-${language}@example.com`)
    await page.getByLabel(booking("form.company"), { exact: true }).fill("Analytical Engines")
    await page.getByRole("button", { name: booking("form.submit") }).click()
    await expect(page).toHaveURL(/\/contact\/booking\/manage\?token=.+&done=booked/)
    expect(new URL(page.url()).pathname).toBe(localizePath("/contact/booking/manage", language))
    await expect(page.getByTestId("booking-manage")).toHaveAttribute("data-status", "booked")
    await expect(page.getByText(manage("notices.booked"))).toBeVisible()
    await checkAxe("booked")

    const later = page.getByTestId("slot-list").locator("fieldset")
    await later
      .nth((await later.count()) - 1 - index)
      .locator("label")
      .first()
      .click()
    await page.getByRole("button", { name: manage("reschedule.submit") }).click()
    await expect(page).toHaveURL(/done=rescheduled/)
    await expect(page.getByTestId("booking-manage")).toHaveAttribute("data-status", "rescheduled")
    await expect(page.getByText(manage("notices.rescheduled"))).toBeVisible()
    await checkAxe("rescheduled")

    await page.getByRole("button", { name: manage("cancel.submit") }).click()
    await expect(page).toHaveURL(/done=cancelled/)
    await expect(page.getByTestId("booking-manage")).toHaveAttribute("data-status", "cancelled")
    await expect(page.getByText(manage("notices.cancelled"))).toBeVisible()
    await checkAxe("cancelled")
    expect(violations).toEqual({})
  })
}
