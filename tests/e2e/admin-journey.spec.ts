import { expect, test, type Page } from "@playwright/test"
import { copy } from "../../src/test/copy"
import { csvRows, newOwner, submitLogin, uniqueTag, useOwnAddress } from "./admin-helpers"
import { HUMAN_FILL_MS, openReady } from "./pages"

type FormLabels = {
  path: string
  name: string
  email: string
  message: string
  send: string
  language: string
}

const forms: Record<"fr" | "en" | "de", FormLabels> = {
  fr: {
    path: "/contact",
    name: "Nom complet",
    email: "E-mail",
    message: "Message",
    send: "Envoyer",
    language: "Français",
  },
  en: {
    path: "/en/contact",
    name: "Full name",
    email: "Email",
    message: "Message",
    send: "Send",
    language: "English",
  },
  de: {
    path: "/de/contact",
    name: "Vollständiger Name",
    email: "E-Mail",
    message: "Nachricht",
    send: "Senden",
    language: "Deutsch",
  },
}

async function sendFromForm(
  page: Page,
  path: string,
  labels: FormLabels,
  name: string,
  text: string,
) {
  await openReady(page, path)
  await page.waitForTimeout(HUMAN_FILL_MS)
  const form = page.locator("form").filter({ has: page.getByLabel(labels.name, { exact: true }) })
  await form.getByLabel(labels.name, { exact: true }).fill(name)
  await form
    .getByLabel(labels.email, { exact: true })
    .fill(`${name.toLowerCase().replace(/\W+/g, ".")}@example.com`)
  await form.getByLabel(labels.message, { exact: true }).fill(text)
  const answer = page.waitForResponse((response) => response.url().endsWith("/SendMessage"))
  await form.getByRole("button", { name: labels.send, exact: true }).click()
  expect((await answer).status()).toBe(201)
}

test("from the visitors' forms to the admin's inbox and back out", async ({ page }) => {
  test.setTimeout(120_000)
  const tag = uniqueTag("journey")
  const sent = {
    fr: `Camille ${tag} FR`,
    en: `Jordan ${tag} EN`,
    de: `Jonas ${tag} DE`,
    band: `Claude ${tag} Band`,
  }
  for (const language of ["fr", "en", "de"] as const) {
    await sendFromForm(
      page,
      forms[language].path,
      forms[language],
      sent[language],
      `Demande de démo (${language}) ${tag}`,
    )
  }
  await sendFromForm(page, "/about", forms.fr, sent.band, `Depuis le bandeau de contact ${tag}`)

  // A signed-out visitor is sent to login, and back to the inbox once signed in. An account
  // and an address of its own: the wrong password below is a failure the throttle counts.
  const owner = await newOwner()
  await useOwnAddress(page)
  await page.goto("/admin/messages")
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fmessages$/)
  await page.getByLabel(copy("fr", "admin:login.username")).fill(owner.username)
  await page.getByLabel(copy("fr", "admin:login.password")).fill("not the password")
  await page.getByRole("button", { name: copy("fr", "admin:login.submit") }).click()
  await expect(page.getByRole("alert")).toContainText(copy("fr", "admin:login.invalid"))
  await expect(page.getByLabel(copy("fr", "admin:login.username"))).toHaveValue(owner.username)
  await expect(page).toHaveURL(/\/admin\/login/)
  await page.getByLabel(copy("fr", "admin:login.password")).fill(owner.password)
  await submitLogin(page, /\/admin\/messages$/, owner.password)
  expect(
    JSON.parse((await page.evaluate(() => localStorage.getItem("auth")))!).expiresAt,
  ).toBeGreaterThan(Date.now() + 23 * 3600_000)

  // Every message is there, unread and in bold, and counted in the navigation.
  await expect(page.getByTestId("unread-count")).toBeVisible()
  await page.getByLabel(copy("fr", "admin:inbox.search")).fill(tag)
  await page.getByRole("button", { name: copy("fr", "admin:inbox.apply") }).click()
  await expect(page).toHaveURL(new RegExp(`q=${tag}`))
  const rows = page.getByTestId("inbox-row")
  await expect(rows).toHaveCount(4)
  for (const name of Object.values(sent)) {
    const row = rows.filter({ hasText: name })
    await expect(row).toHaveAttribute("data-status", "unread")
    await expect(row.locator(".font-bold").first()).toContainText(name)
  }

  // Open the English one: every field, and it is now read.
  await rows.filter({ hasText: sent.en }).getByRole("link").click()
  await expect(page).toHaveURL(/\/admin\/messages\/[^/]+$/)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(sent.en)
  const details = page.locator("dl").first()
  await expect(details).toContainText(`jordan.${tag}.en@example.com`.toLowerCase())
  await expect(details).toContainText(forms.en.language)
  await expect(details).toContainText("/en/contact")
  await expect(details.locator("time")).toContainText(String(new Date().getFullYear()))
  await expect(details.locator("[data-status]")).toHaveText(copy("fr", "admin:status.read"))
  await expect(page.getByTestId("message-text")).toHaveText(`Demande de démo (en) ${tag}`)
  await expect(page.getByRole("link", { name: copy("fr", "admin:message.reply") })).toHaveAttribute(
    "href",
    new RegExp(`^mailto:jordan\\.${tag}\\.en@example\\.com\\?subject=`, "i"),
  )

  await page.getByRole("button", { name: copy("fr", "admin:message.markUnread") }).click()
  await expect(
    page.getByRole("status").filter({ hasText: copy("fr", "admin:message.changed.unread") }),
  ).toBeVisible()
  await expect(details.locator("[data-status]")).toHaveText(copy("fr", "admin:status.unread"))
  await page.getByRole("button", { name: copy("fr", "admin:message.archive") }).click()
  await expect(details.locator("[data-status]")).toHaveText(copy("fr", "admin:status.archived"))

  // Under the archive filter, it is the only one with the tag.
  await page.getByRole("link", { name: copy("fr", "admin:message.back") }).click()
  await page.getByLabel(copy("fr", "admin:inbox.search")).fill(tag)
  await page.getByRole("button", { name: copy("fr", "admin:inbox.apply") }).click()
  await expect(rows).toHaveCount(4)
  await page
    .getByRole("combobox", { name: copy("fr", "admin:inbox.status") })
    .selectOption("archived")
  await expect(page).toHaveURL(/status=archived/)
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText(sent.en)

  // The CSV export is the filtered view.
  const downloadArchived = page.waitForEvent("download")
  await page.getByRole("button", { name: copy("fr", "admin:common.exportCsv") }).click()
  const archived = await csvRows(await downloadArchived)
  expect(archived[0]).toEqual([
    "id",
    "receivedAt",
    "status",
    "name",
    "email",
    "company",
    "phone",
    "language",
    "page",
    "message",
    "assignee",
    "landingPage",
    "referrer",
    "utmSource",
    "utmMedium",
    "utmCampaign",
    "utmTerm",
    "utmContent",
    "kind",
    "rateCardVersion",
  ])
  expect(archived.slice(1).map((row) => [row[2], row[3], row[7], row[8]])).toEqual([
    ["archived", sent.en, "en", "/en/contact"],
  ])

  await page.getByRole("combobox", { name: copy("fr", "admin:inbox.status") }).selectOption("")
  await expect(rows).toHaveCount(4)
  const downloadAll = page.waitForEvent("download")
  await page.getByRole("button", { name: copy("fr", "admin:common.exportCsv") }).click()
  const all = await csvRows(await downloadAll)
  expect(
    all
      .slice(1)
      .map((row) => row[3])
      .sort(),
  ).toEqual(Object.values(sent).sort())
  expect(all.find((row) => row[3] === sent.band)?.[8]).toBe("/about")

  // Sign out: the record is gone and the admin pages ask for a sign-in again.
  await page.getByRole("button", { name: copy("fr", "admin:shell.signOut") }).click()
  await expect(page).toHaveURL(/\/admin\/login$/)
  expect(await page.evaluate(() => localStorage.getItem("auth"))).toBeNull()
  await page.goto("/admin/messages")
  await expect(page).toHaveURL(/\/admin\/login\?next=/)
  // The server session is revoked too, not only forgotten by the browser.
  expect((await page.request.get("/api/admin/summary")).status()).toBe(401)
})
