import { expect, test, type Page } from "@playwright/test"
import { HUMAN_FILL_MS, openReady } from "./pages"

async function fill(page: Page, name: string) {
  const form = page.locator("main form")
  await form.getByLabel("Nom complet").fill(name)
  await form.getByLabel("E-mail").fill("visitor@example.com")
  await form.getByLabel(/Entreprise/).fill("Example SA")
  await form.getByLabel(/Téléphone/).fill("+33 1 23 45 67 89")
  await form.getByLabel("Message").fill("Nous voulons une étude de satisfaction.")
  return form
}

test("a sent message shows the green notice and the 'form sent' confirmation", async ({ page }) => {
  await openReady(page, "/contact")
  await page.waitForTimeout(HUMAN_FILL_MS)
  const form = await fill(page, "Visiteur Contact")
  const answer = page.waitForResponse((response) => response.url().endsWith("/SendMessage"))
  await form.getByRole("button", { name: "Envoyer" }).click()
  expect((await answer).status()).toBe(201)
  await expect(page.getByRole("status").filter({ hasText: "Succès" })).toContainText("Votre message a bien été envoyé !")
  await expect(page.getByRole("heading", { name: "Formulaire envoyé" })).toBeVisible()
  await page.getByRole("button", { name: "Envoyer un autre message" }).click()
  await expect(page.locator("main form").getByLabel("Nom complet")).toHaveValue("")
})

test("a server error shows the red notice and keeps what was typed", async ({ page }) => {
  await page.route("**/SendMessage", (route) => route.fulfill({ status: 500, body: "{}" }))
  await openReady(page, "/contact")
  const form = await fill(page, "Visiteur Erreur")
  await form.getByRole("button", { name: "Envoyer" }).click()
  await expect(page.getByRole("alert")).toContainText("Erreur")
  await expect(page.getByRole("alert")).toContainText("Une erreur est survenue lors de l'envoi de votre message.")
  await expect(form.getByLabel("Nom complet")).toHaveValue("Visiteur Erreur")
})

test("a network error shows the same red notice", async ({ page }) => {
  await page.route("**/SendMessage", (route) => route.abort("failed"))
  await openReady(page, "/en/contact")
  const form = page.locator("main form")
  await form.getByLabel("Full name").fill("Network Visitor")
  await form.getByLabel("Email").fill("visitor@example.com")
  await form.getByLabel("Message").fill("Hello")
  await form.getByRole("button", { name: "Send" }).click()
  await expect(page.getByRole("alert")).toContainText("There was an error sending your message. Please try again.")
  await expect(form.getByLabel("Full name")).toHaveValue("Network Visitor")
})

test("the browser's own checks stop an empty form", async ({ page }) => {
  let posted = false
  await page.route("**/SendMessage", (route) => {
    posted = true
    return route.fulfill({ status: 201, body: '{"id":"x"}' })
  })
  await openReady(page, "/contact")
  await page.locator("main form").getByRole("button", { name: "Envoyer" }).click()
  const invalid = await page.locator("main form").getByLabel("Nom complet").evaluate((input: HTMLInputElement) => !input.validity.valid)
  expect(invalid).toBe(true)
  expect(posted).toBe(false)
})
