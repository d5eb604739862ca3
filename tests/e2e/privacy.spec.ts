import { expect, test } from "@playwright/test"
import { adminCredentials } from "../../playwright.config"
import { routes } from "../../src/routes"
import { publicPages } from "./pages"

// The privacy policy says no cookie banner is needed because a visitor gets no cookie and
// no tracker: this keeps that sentence true on every page of the route table.
for (const { path } of publicPages) {
  test(`${path} sets no cookie, asks no other origin and keeps only the language and theme`, async ({ page, context, baseURL }) => {
    const foreign: string[] = []
    page.on("request", (request) => {
      const url = new URL(request.url())
      if (url.protocol !== "data:" && url.protocol !== "blob:" && url.origin !== new URL(baseURL!).origin) foreign.push(request.url())
    })
    const response = await page.goto(path, { waitUntil: "networkidle" })
    expect(response?.status()).toBe(200)
    // Reveal animations and lazy parts load as the page scrolls.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await page.waitForLoadState("networkidle")
    expect(foreign).toEqual([])
    expect(await context.cookies()).toEqual([])
    expect(await page.evaluate(() => document.cookie)).toBe("")
    const keys = await page.evaluate(() => Object.keys(window.localStorage))
    expect(keys.filter((key) => key !== "language" && key !== "theme")).toEqual([])
  })
}

test("the footer links the legal notice and the privacy policy in the page's language", async ({ page }) => {
  await page.goto("/de/about")
  const legal = page.locator("footer nav").filter({ hasText: "Impressum" })
  await expect(legal.getByRole("link", { name: "Impressum" })).toHaveAttribute("href", "/de/mentions-legales")
  await legal.getByRole("link", { name: "Datenschutzerklärung" }).click()
  await expect(page).toHaveURL(/\/de\/confidentialite$/)
  await expect(page.locator("h1")).toHaveText("Datenschutzerklärung")
})

test("the contact form and the newsletter box say what happens to the data, with a link to the policy", async ({ page }) => {
  await page.goto("/en/contact")
  await expect(page.locator("main form")).toContainText("kept for 24 months at most")
  await expect(page.locator("main form").getByRole("link", { name: /your data and your rights/i })).toHaveAttribute("href", "/en/confidentialite")
  await expect(page.locator("footer form").getByRole("link", { name: "Your data and your rights" })).toHaveAttribute("href", "/en/confidentialite")
})

test("a subscription from the footer stores its consent time and wording version; one click unsubscribes", async ({ page, request }) => {
  const email = `privacy-${Date.now()}@example.de`
  await page.goto("/de/solutions")
  const box = page.locator("footer form")
  await box.getByLabel("E-Mail-Adresse").fill(email)
  const answer = page.waitForResponse((response) => response.url().endsWith("/api/newsletter"))
  await box.getByRole("button", { name: "Abonnieren" }).click()
  expect((await answer).status()).toBe(201)

  expect((await request.post("/api/admin/login", { data: adminCredentials })).status()).toBe(200)
  const found = await (await request.post("/api/admin/data-rights/search", { data: { email } })).json()
  expect(found.subscription).toMatchObject({ language: "de", consentVersion: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) })
  expect(Date.parse(found.subscription.consentAt)).toBeGreaterThan(Date.now() - 120_000)

  // The unsubscribe link as the export hands it to whoever sends the newsletter.
  const csv = await (await request.get(`/api/admin/subscribers/export.csv?q=${encodeURIComponent(email)}`)).text()
  const link = new URL(/https?:\/\/\S+unsubscribe\?token=[\w-]+/.exec(csv)![0])
  await page.goto(link.pathname + link.search)
  await expect(page).toHaveURL(new RegExp(`${routes.newsletterUnsubscribed.path.replace(/\//g, "\\/")}$`))
  await expect(page.locator("h1")).toHaveText("Sie sind abgemeldet")
  expect((await (await request.post("/api/admin/data-rights/search", { data: { email } })).json()).subscription).toBeNull()

  await page.goto(link.pathname + link.search)
  await expect(page).toHaveURL(/\/newsletter\/unsubscribed\?status=unknown$/)
  await expect(page.getByTestId("unsubscribe-unknown")).toBeVisible()
})
