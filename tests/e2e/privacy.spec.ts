import { createHash } from "node:crypto"
import fs from "node:fs"
import { expect, test } from "@playwright/test"
import { routes } from "../../content-kit/routes"
import { copy } from "../../src/test/copy"
import { apiSignIn, signIn } from "./admin-helpers"
import { openReady } from "./pages"

const admin = (key: string, values?: Record<string, string | number>) =>
  copy("fr", `admin:dataRights.${key}`, values)

test("the footer links the legal notice and the privacy policy in the page's language", async ({
  page,
}) => {
  await page.goto("/de/about")
  const legal = page.getByRole("navigation", { name: copy("de", "footer.legal.title") })
  await expect(
    legal.getByRole("link", { name: copy("de", "footer.legal.legalNotice") }),
  ).toHaveAttribute("href", "/de/mentions-legales")
  await legal.getByRole("link", { name: copy("de", "footer.legal.privacy") }).click()
  await expect(page).toHaveURL(/\/de\/confidentialite$/)
  await expect(page.locator("h1")).toHaveText(copy("de", "privacy:hero.title"))
})

test("the contact form and the newsletter box say what happens to the data, with a link to the policy", async ({
  page,
}) => {
  await page.goto("/en/contact")
  await expect(page.locator("main form")).toContainText(copy("en", "contactForm.privacyNotice"))
  await expect(
    page.locator("main form").getByRole("link", { name: copy("en", "contactForm.privacyLink") }),
  ).toHaveAttribute("href", "/en/confidentialite")
  await expect(
    page
      .locator("footer form")
      .getByRole("link", { name: copy("en", "footer.newsletter.privacyLink") }),
  ).toHaveAttribute("href", "/en/confidentialite")
})

test("a subscription from the footer stores its consent time and wording version; one click unsubscribes", async ({
  page,
  request,
}) => {
  const email = `privacy-${Date.now()}@example.de`
  await openReady(page, "/de/solutions")
  const box = page.locator("footer form")
  await box.getByLabel(copy("de", "footer.newsletter.emailLabel")).fill(email)
  const answer = page.waitForResponse((response) => response.url().endsWith("/api/newsletter"))
  await box.getByRole("button", { name: copy("de", "footer.newsletter.subscribe") }).click()
  expect((await answer).status()).toBe(202)

  await apiSignIn(request)
  const found = await (
    await request.post("/api/admin/data-rights/search", { data: { email } })
  ).json()
  expect(found.subscription).toMatchObject({
    language: "de",
    consentVersion: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
  })
  expect(Date.parse(found.subscription.consentAt)).toBeGreaterThan(Date.now() - 120_000)

  // The unsubscribe link as the export hands it to whoever sends the newsletter. Opening it
  // (as a mail scanner would) only asks; the click unsubscribes.
  const csv = await (
    await request.get(`/api/admin/subscribers/export.csv?q=${encodeURIComponent(email)}`)
  ).text()
  const link = new URL(/https?:\/\/\S+unsubscribe\?token=[\w-]+/.exec(csv)![0])
  const token = link.searchParams.get("token")!
  await page.goto(link.pathname + link.search)
  await expect(page).toHaveURL(
    new RegExp(`^[^?]+/de${routes.newsletterUnsubscribed.path}\\?token=${token}$`),
  )
  await expect(page.locator("h1")).toHaveText(copy("de", "newsletter-unsubscribed:ask.title"))
  expect(
    (await (await request.post("/api/admin/data-rights/search", { data: { email } })).json())
      .subscription,
  ).not.toBeNull()
  await page.locator("body[data-hydrated]").waitFor({ state: "attached" })
  await page.getByRole("button", { name: copy("de", "newsletter-unsubscribed:ask.action") }).click()
  await expect(page.locator("h1")).toHaveText(copy("de", "newsletter-unsubscribed:done.title"))
  await expect(page).toHaveURL(/\/de\/newsletter\/unsubscribed\?status=done$/)
  expect(
    (await (await request.post("/api/admin/data-rights/search", { data: { email } })).json())
      .subscription,
  ).toBeNull()

  await page.goto(link.pathname + link.search)
  await expect(page).toHaveURL(/\/newsletter\/unsubscribed\?status=unknown$/)
  await expect(page.getByTestId("newsletter-status-unknown")).toBeVisible()

  // A confirmation link that is unknown (expired, or its address unsubscribed) says so.
  await page.goto("/api/newsletter/confirm?token=no-such-token")
  await expect(page).toHaveURL(/\/newsletter\/confirmed\?status=unknown$/)
  await expect(page.locator("h1")).toHaveText(copy("fr", "newsletter-confirmed:unknown.title"))
})

test("a confirmation link asks for a click, in the subscriber's language, then confirms", async ({
  page,
  request,
}) => {
  const email = `confirm-${Date.now()}@example.com`
  expect(
    (
      await request.post("/api/newsletter", {
        data: { email, language: "en", consentVersion: "2026-11-22" },
      })
    ).status(),
  ).toBe(202)
  await apiSignIn(request)
  const csv = await (
    await request.get(`/api/admin/subscribers/export.csv?q=${encodeURIComponent(email)}`)
  ).text()
  const token = /unsubscribe\?token=([\w-]+)/.exec(csv)![1]

  await page.goto(`/api/newsletter/confirm?token=${token}`)
  await expect(page).toHaveURL(new RegExp(`/en/newsletter/confirmed\\?token=${token}$`))
  await expect(page.locator("h1")).toHaveText(copy("en", "newsletter-confirmed:ask.title"))
  await page.locator("body[data-hydrated]").waitFor({ state: "attached" })
  await page.getByRole("button", { name: copy("en", "newsletter-confirmed:ask.action") }).click()
  await expect(page.locator("h1")).toHaveText(copy("en", "newsletter-confirmed:done.title"))
  await expect(
    page.getByRole("link", { name: copy("en", "newsletter-confirmed:home.label") }),
  ).toBeVisible()
  await page.reload()
  await expect(page.locator("h1")).toHaveText(copy("en", "newsletter-confirmed:done.title"))
})

test("the Data screen finds, exports and erases an address's data, and logs the erasure", async ({
  page,
}) => {
  const email = `rights-${Date.now()}@example.fr`
  const sent = await page.request.post("/SendMessage", {
    data: {
      name: "Léa Droits",
      Email: email,
      Message: "Merci de me rappeler.",
      Language: "fr",
      Page: "/contact",
      ElapsedMs: 9_000,
    },
  })
  expect(sent.status()).toBe(201)
  expect(
    (
      await page.request.post("/api/newsletter", {
        data: { email, language: "fr", consentVersion: "2026-11-22" },
      })
    ).status(),
  ).toBe(202)

  await signIn(page, "/admin/data")
  const panel = page.getByTestId("data-rights")
  await panel.getByLabel(admin("emailLabel")).fill(email)
  await panel.getByRole("button", { name: admin("find") }).click()
  const found = panel.getByTestId("data-rights-found")
  await expect(found).toContainText(admin("messages", { count: 1 }))
  await expect(found).toContainText("Merci de me rappeler.")
  await expect(found).toContainText("2026-11-22")

  const download = page.waitForEvent("download")
  await found.getByRole("button", { name: admin("export") }).click()
  const file = JSON.parse(fs.readFileSync((await (await download).path())!, "utf8"))
  expect(file).toMatchObject({
    email,
    messages: [{ name: "Léa Droits", message: "Merci de me rappeler." }],
    subscription: { language: "fr", consentVersion: "2026-11-22" },
  })

  await found.getByRole("button", { name: admin("erase") }).click()
  await page
    .getByRole("dialog")
    .getByRole("button", { name: admin("erase") })
    .click()
  await expect(
    panel
      .getByRole("status")
      .filter({ hasText: admin("erased", { messages: 1, subscriptions: 1 }) }),
  ).toBeVisible()
  const hash = createHash("sha256").update(email).digest("hex")
  await expect(panel.getByTestId("erasure-log")).toContainText(hash)
  await panel.getByRole("button", { name: admin("find") }).click()
  await expect(panel).toContainText(admin("nothing", { email }))
})
