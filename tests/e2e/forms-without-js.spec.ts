// The contact form and the newsletter box as real forms: with JavaScript off, and with
// JavaScript on but sent before the page's bundles have run, the browser posts them itself
// and lands on a localized result page (or back on the form with the error and the input);
// with JavaScript the page keeps its own in-place experience. No personal data in a URL.
import fs from "node:fs"
import path from "node:path"
import { expect, test, type APIRequestContext, type Page } from "@playwright/test"
import { apiSignIn } from "./admin-helpers"
import { HUMAN_FILL_MS } from "./pages"

const read = (language: string, ns: string) =>
  JSON.parse(
    fs.readFileSync(
      path.resolve(__dirname, `../../content/locales/${language}/${ns}.json`),
      "utf8",
    ),
  )
const common = { en: read("en", "common"), de: read("de", "common"), fr: read("fr", "common") }

/** The stored messages whose text contains `q`, read through the admin API. */
async function storedMessages(
  request: APIRequestContext,
  q: string,
): Promise<{ email: string; status: string; message: string }[]> {
  await apiSignIn(request)
  const response = await request.get(`/api/admin/messages?q=${encodeURIComponent(q)}`)
  expect(response.status()).toBe(200)
  return (
    (await response.json()) as { items: { email: string; status: string; message: string }[] }
  ).items
}

async function fillContact(
  page: Page,
  language: "en" | "de" | "fr",
  fields: { name: string; email: string; message: string },
) {
  const labels = common[language].contactForm
  await page.getByLabel(labels.name, { exact: true }).fill(fields.name)
  await page.getByLabel(labels.email, { exact: true }).fill(fields.email)
  await page.getByLabel(labels.message, { exact: true }).fill(fields.message)
}

/** The English newsletter box, hydrated, sends `email` as JSON from the page itself. */
async function subscribesInPlace(page: Page, email: string) {
  await page.getByLabel(common.en.footer.newsletter.emailLabel).fill(email)
  const answer = page.waitForResponse((response) => response.url().endsWith("/api/newsletter"))
  await page.getByRole("button", { name: common.en.footer.newsletter.subscribe }).click()
  expect((await answer).request().headers()["content-type"]).toBe("application/json")
}

test.describe("JavaScript off", () => {
  test.use({ javaScriptEnabled: false })

  test(
    "the contact form is posted, stored and answered with the " +
      "sent page in its language, nothing personal in the URL",
    async ({ page }) => {
      const email = `nojs-${Date.now()}@example.com`
      await page.goto("/en/contact")
      await fillContact(page, "en", {
        name: "No Script",
        email,
        message: "Sent without JavaScript.",
      })
      await page.getByRole("button", { name: common.en.contactForm.send }).click()
      await expect(page).toHaveURL(/\/en\/contact\/sent$/)
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        read("en", "contact-sent").title,
      )
      expect(page.url()).not.toContain("nojs")
      const stored = await storedMessages(page.request, email)
      // Without JavaScript there is no fill time to measure: honeypot and rate limit still apply.
      expect(stored.map((message) => [message.email, message.message, message.status])).toEqual([
        [email, "Sent without JavaScript.", "unread"],
      ])
    },
  )

  test("a refused contact post comes back as the form with the error shown and everything typed kept", async ({
    page,
  }) => {
    await page.goto("/de/contact")
    // Spaces pass the browser's `required` check; the server trims them and refuses the name.
    await fillContact(page, "de", {
      name: "   ",
      email: "keep@example.de",
      message: "Bitte behalten.",
    })
    await page.getByLabel(common.de.contactForm.company).fill("Firma GmbH")
    await page.getByRole("button", { name: common.de.contactForm.send }).click()
    await expect(
      page.getByRole("alert").filter({ hasText: common.de.formErrors.invalid }),
    ).toBeVisible()
    await expect(page.getByLabel(common.de.contactForm.email, { exact: true })).toHaveValue(
      "keep@example.de",
    )
    await expect(page.getByLabel(common.de.contactForm.company)).toHaveValue("Firma GmbH")
    await expect(page.getByLabel(common.de.contactForm.message, { exact: true })).toHaveValue(
      "Bitte behalten.",
    )
    expect(page.url()).not.toContain("keep")
    expect(await storedMessages(page.request, "keep@example.de")).toEqual([])
  })

  test("the newsletter box subscribes and lands on the thanks page in its language", async ({
    page,
  }) => {
    await page.goto("/de/blog")
    await page
      .getByLabel(common.de.footer.newsletter.emailLabel)
      .fill(`leser-${Date.now()}@example.de`)
    await page.getByRole("button", { name: common.de.footer.newsletter.subscribe }).click()
    await expect(page).toHaveURL(/\/de\/newsletter\/thanks$/)
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      read("de", "newsletter-thanks").title,
    )
  })
})

test.describe("JavaScript on", () => {
  test("a contact form sent before the bundles ran is posted by the browser, with its fill time measured", async ({
    page,
  }) => {
    // The bundles never arrive: the page stays as prerendered, as on a slow phone.
    await page.route(/\/(webpack-runtime|framework|app)-[0-9a-f]+\.js$/, (route) => route.abort())
    const email = `early-${Date.now()}@example.com`
    await page.goto("/contact")
    await fillContact(page, "fr", {
      name: "Trop Tôt",
      email,
      message: "Envoyé avant l'hydratation.",
    })
    await page.waitForTimeout(HUMAN_FILL_MS)
    await page.getByRole("button", { name: common.fr.contactForm.send }).click()
    await expect(page).toHaveURL(/\/contact\/sent$/)
    // The head's fill-time script measured a human's time: the message is not filed as spam.
    expect((await storedMessages(page.request, email)).map((message) => message.status)).toEqual([
      "unread",
    ])
  })

  // The contact band and the footer hydrate after the first screen, from a chunk of their own
  // (src/components/layout/deferred.tsx).
  const belowTheFold = /\/below-the-fold-[0-9a-f]+\.js$/

  test("before the footer's code arrives, the newsletter box is posted by the browser", async ({
    page,
  }) => {
    await page.route(belowTheFold, (route) => route.abort())
    const requested = page.waitForRequest(belowTheFold)
    await page.goto("/de/blog")
    await requested
    await page
      .getByLabel(common.de.footer.newsletter.emailLabel)
      .fill(`frueh-${Date.now()}@example.de`)
    await page.getByRole("button", { name: common.de.footer.newsletter.subscribe }).click()
    await expect(page).toHaveURL(/\/de\/newsletter\/thanks$/)
  })

  test("the first screen answers while the footer's code is held, and the footer then hydrates without an error", async ({
    page,
  }) => {
    const errors: string[] = []
    page.on("pageerror", (error) => errors.push(String(error)))
    page.on(
      "console",
      (message) => void (message.type() === "error" && errors.push(message.text())),
    )
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(belowTheFold, async (route) => {
      await held
      await route.continue()
    })
    const requested = page.waitForRequest(belowTheFold)
    await page.goto("/en")
    // Asked for only once the first screen is interactive: the header's theme switch works.
    await requested
    const theme = page.getByRole("group", { name: common.en.theme.label }).first()
    await theme.getByRole("button", { name: common.en.theme.dark }).click()
    await expect(page.locator("html")).toHaveClass(/\bdark\b/)
    expect(await page.locator("body[data-hydrated]").count()).toBe(0)
    release()
    await page.locator("body[data-hydrated]").waitFor({ state: "attached" })
    await subscribesInPlace(page, `late-${Date.now()}@example.com`)
    expect(errors).toEqual([])
  })

  test("once hydrated, the forms answer in place, as before", async ({ page }) => {
    await page.goto("/en")
    await page.locator("body[data-hydrated]").waitFor({ state: "attached" })
    await subscribesInPlace(page, `inplace-${Date.now()}@example.com`)
    await expect(page).toHaveURL(/\/en$/)
    await expect(page.getByRole("status").filter({ hasText: /\S/ })).toBeVisible()
  })
})
