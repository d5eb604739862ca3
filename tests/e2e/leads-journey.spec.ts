import { expect, test } from "@playwright/test"
import admin from "../../content/locales/en/admin.json"
import common from "../../content/locales/en/common.json"
import { adminCredentials, uniqueTag } from "./admin-helpers"
import { HUMAN_FILL_MS, openReady } from "./pages"

// The whole path of a lead: a visitor from a newsletter campaign writes, a member of the team
// takes the message, notes and replies, and the dashboard counts it under its source. The
// admin is used in English (texts from content/locales/en), the site in English too.

async function signInAs(page: import("@playwright/test").Page, username: string, password: string) {
  await page.goto("/admin/login")
  await page.getByLabel(admin.login.username).fill(username)
  await page.getByLabel(admin.login.password).fill(password)
  await page.getByRole("button", { name: admin.login.submit }).click()
  await expect(page.getByRole("heading", { level: 1, name: admin.dashboard.title })).toBeVisible()
}

test("a lead from ?utm_source=newsletter&utm_campaign=spring is taken, noted, replied to and counted", async ({ page, browser }) => {
  test.setTimeout(90_000)
  const name = `Lead ${uniqueTag("journey")}`

  // The visitor lands from the campaign, moves to the contact page, writes like a human.
  await openReady(page, "/en?utm_source=newsletter&utm_campaign=spring")
  await page.waitForFunction(() => sessionStorage.getItem("leadSource") !== null)
  expect(await page.context().cookies()).toEqual([])
  await openReady(page, "/en/contact")
  await page.waitForTimeout(HUMAN_FILL_MS)
  const form = page.locator("main form")
  await form.getByLabel(common.contactForm.name).fill(name)
  await form.getByLabel(common.contactForm.email).fill("lead@example.com")
  await form.getByLabel(common.contactForm.message, { exact: true }).fill("We need a customer survey.\nCan you call me?")
  const sent = page.waitForRequest((request) => request.url().endsWith("/SendMessage"))
  await form.getByRole("button", { name: common.contactForm.send }).click()
  const body = (await sent).postDataJSON()
  expect(body).toMatchObject({ Landing: "/en", UtmSource: "newsletter", UtmCampaign: "spring" })
  await expect(page.getByRole("heading", { name: common.contactForm.sentTitle })).toBeVisible()

  // An owner adds a member on the Team page; the first password is shown once.
  const ownerContext = await browser.newContext()
  const owner = await ownerContext.newPage()
  await owner.addInitScript(() => localStorage.setItem("language", "en"))
  await signInAs(owner, adminCredentials.username, adminCredentials.password)
  await owner.getByRole("link", { name: admin.shell.team }).click()
  const member = uniqueTag("member").toLowerCase()
  await owner.getByLabel(new RegExp(`^${admin.users.username}`)).fill(member)
  await owner.getByRole("button", { name: admin.users.add }).click()
  const password = (await owner.getByTestId("new-password").locator("code").textContent())!.trim()
  await ownerContext.close()

  // The member signs in, finds the message, takes it, notes, replies.
  const memberContext = await browser.newContext()
  const desk = await memberContext.newPage()
  await desk.addInitScript(() => localStorage.setItem("language", "en"))
  await signInAs(desk, member, password)
  await expect(desk.getByRole("link", { name: admin.shell.team })).toHaveCount(0)
  await desk.getByRole("link", { name: admin.shell.messages }).click()
  await desk.getByLabel(admin.inbox.search, { exact: true }).fill(name)
  await desk.getByRole("button", { name: admin.inbox.apply }).click()
  await desk.getByRole("link", { name: new RegExp(name) }).click()
  await expect(desk.getByRole("heading", { level: 1, name })).toBeVisible()
  const source = desk.getByTestId("message-source")
  await expect(source.locator("[data-field=utmSource]")).toHaveText("newsletter")
  await expect(source.locator("[data-field=utmCampaign]")).toHaveText("spring")
  await expect(source.locator("[data-field=landingPage]")).toHaveText("/en")

  await desk.getByRole("button", { name: admin.team.assignToMe }).click()
  await expect(desk.getByLabel(admin.team.assignee)).toHaveValue(/.+/)
  await expect(desk.getByLabel(admin.team.assignee).locator("option:checked")).toHaveText(member)

  await desk.getByLabel(new RegExp(admin.team.addNote)).fill("Called back: demo on Tuesday.")
  await desk.getByRole("button", { name: admin.team.saveNote }).click()
  await expect(desk.getByTestId("note")).toContainText(member)
  await expect(desk.getByTestId("note")).toContainText("Called back: demo on Tuesday.")

  const reply = desk.getByRole("link", { name: admin.message.reply })
  const href = new URL((await reply.getAttribute("href"))!)
  expect(href.protocol).toBe("mailto:")
  expect(decodeURIComponent(href.pathname)).toBe("lead@example.com")
  expect(href.searchParams.get("subject")).toBe(admin.message.replySubject.replace("{{brand}}", common.brand.name))
  expect(href.searchParams.get("body")).toContain("> We need a customer survey.\n> Can you call me?")
  // No mail program here to open: the test keeps the click's effect and drops the navigation.
  await reply.evaluate((link) => link.addEventListener("click", (event) => event.preventDefault()))
  await reply.click()
  await expect(desk.getByText(admin.message.changed.replied)).toBeVisible()
  await expect(desk.locator("[data-status=replied]").first()).toBeVisible()

  // The dashboard counts it under its source and its campaign.
  await desk.getByRole("link", { name: admin.shell.dashboard }).click()
  const bySource = desk.getByTestId("sources-by-source")
  // Only this test sends newsletter leads to the shared e2e server: exactly one.
  await expect(bySource.getByRole("row", { name: /newsletter/ })).toHaveText(/^newsletter\s*1$/)
  await expect(desk.getByTestId("sources-by-campaign").getByRole("row", { name: /spring/ })).toBeVisible()
  await desk.getByLabel(admin.sources.days_other.replace("{{count}}", "7")).check({ force: true })
  await expect(bySource.getByRole("row", { name: /newsletter/ })).toBeVisible()
  await memberContext.close()
})
