import { expect, test, type Page } from "@playwright/test"
import { copy } from "../../src/test/copy"
import { HUMAN_FILL_MS, openReady } from "./pages"

const fr = (key: string) => copy("fr", `contactForm.${key}`)
const en = (key: string) => copy("en", `contactForm.${key}`)

async function fill(page: Page, name: string) {
  const form = page.locator("main form")
  await form.getByLabel(fr("name")).fill(name)
  await form.getByLabel(fr("email")).fill("visitor@example.com")
  await form.getByLabel(fr("company")).fill("Example SA")
  await form.getByLabel(fr("phone")).fill("+33 1 23 45 67 89")
  await form.getByLabel(fr("message")).fill("Nous voulons une étude de satisfaction.")
  return form
}

test("a sent message shows the green notice and the 'form sent' confirmation", async ({ page }) => {
  await openReady(page, "/contact")
  await page.waitForTimeout(HUMAN_FILL_MS)
  const form = await fill(page, "Visiteur Contact")
  const answer = page.waitForResponse((response) => response.url().endsWith("/SendMessage"))
  await form.getByRole("button", { name: fr("send") }).click()
  expect((await answer).status()).toBe(201)
  await expect(page.getByRole("status").filter({ hasText: fr("successTitle") })).toContainText(
    fr("successText"),
  )
  await expect(page.getByRole("heading", { name: fr("sentTitle") })).toBeVisible()
  await page.getByRole("button", { name: fr("sendAnother") }).click()
  await expect(page.locator("main form").getByLabel(fr("name"))).toHaveValue("")
})

test("a server error shows the red notice and keeps what was typed", async ({ page }) => {
  await page.route("**/SendMessage", (route) => route.fulfill({ status: 500, body: "{}" }))
  await openReady(page, "/contact")
  const form = await fill(page, "Visiteur Erreur")
  await form.getByRole("button", { name: fr("send") }).click()
  await expect(page.getByRole("alert")).toContainText(fr("errorTitle"))
  await expect(page.getByRole("alert")).toContainText(fr("errorText"))
  await expect(form.getByLabel(fr("name"))).toHaveValue("Visiteur Erreur")
})

test("a network error shows the same red notice", async ({ page }) => {
  await page.route("**/SendMessage", (route) => route.abort("failed"))
  await openReady(page, "/en/contact")
  const form = page.locator("main form")
  await form.getByLabel(en("name")).fill("Network Visitor")
  await form.getByLabel(en("email")).fill("visitor@example.com")
  await form.getByLabel(en("message")).fill("Hello")
  await form.getByRole("button", { name: en("send") }).click()
  await expect(page.getByRole("alert")).toContainText(en("errorText"))
  await expect(form.getByLabel(en("name"))).toHaveValue("Network Visitor")
})

test("the browser's own checks stop an empty form", async ({ page }) => {
  let posted = false
  await page.route("**/SendMessage", (route) => {
    posted = true
    return route.fulfill({ status: 201, body: '{"id":"x"}' })
  })
  await openReady(page, "/contact")
  await page
    .locator("main form")
    .getByRole("button", { name: fr("send") })
    .click()
  const invalid = await page
    .locator("main form")
    .getByLabel(fr("name"))
    .evaluate((input: HTMLInputElement) => !input.validity.valid)
  expect(invalid).toBe(true)
  expect(posted).toBe(false)
})
