import { randomBytes } from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { expect, test as base } from "@playwright/test"
import admin from "../../content/locales/en/admin.json"
import { secretBytes } from "../../server/config/outbox"
import { freePort, type ServerProcess, startServer } from "../../server/test/server-process"
import { mailSubject, mailText, mailTo, startSmtp } from "../../server/test/smtp"
import { startReceiver } from "../../server/test/webhook-receiver"
import { localizePath } from "../../src/i18n/languages"
import { copy } from "../../src/test/copy"
import { adminCredentials, uniqueTag } from "./admin-helpers"
import { HUMAN_FILL_MS, openReady } from "./pages"

// The whole path of a lead: a visitor from a newsletter campaign writes from the German
// site; the team's mailbox and the visitor get their mails (the acknowledgement in German),
// the team's tool gets one signed webhook; a member of the team takes the message, notes and
// replies, and the dashboard counts it under its source. The admin is used in English.
//
// The shared e2e server has no mail and no webhooks, so this spec runs its own server
// process (on a free port, with its own data) wired to a real SMTP server and a real
// webhook receiver on loopback; every page of the test goes to it through `baseURL`.

const VISITOR = "de" as const
const TEAM_ADDRESS = "team@example.com"
const MAIL_FROM = "site@example.com"
const WEBHOOK_SECRET = `whsec_${randomBytes(32).toString("base64")}`

interface Journey {
  server: ServerProcess
  smtp: Awaited<ReturnType<typeof startSmtp>>
  receiver: Awaited<ReturnType<typeof startReceiver>>
}

const test = base.extend<{}, { journey: Journey }>({
  journey: [
    async ({}, use) => {
      const smtp = await startSmtp()
      const receiver = await startReceiver(secretBytes(WEBHOOK_SECRET))
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-journey-"))
      const port = await freePort()
      const server = await startServer(
        {
          DATA_DIR: dataDir,
          PUBLIC_DIR: path.resolve(__dirname, "../../public"),
          ADMIN_USERNAME: adminCredentials.username,
          ADMIN_PASSWORD: adminCredentials.password,
          SITE_URL: `http://127.0.0.1:${port}`,
          SMTP_URL: smtp.url,
          CONTACT_NOTIFY_TO: TEAM_ADDRESS,
          MAIL_FROM,
          WEBHOOK_URLS: `${receiver.url}/hooks`,
          WEBHOOK_SECRET,
          CONTACT_RATE_LIMIT: "0",
        },
        port,
        45_000,
      )
      await use({ server, smtp, receiver })
      await server.kill("SIGTERM")
      await Promise.all([smtp.close(), receiver.close()])
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
    { scope: "worker", timeout: 60_000 },
  ],
  baseURL: async ({ journey }, use) => use(journey.server.base),
})

async function signInAs(page: import("@playwright/test").Page, username: string, password: string) {
  await page.goto("/admin/login")
  await page.getByLabel(admin.login.username).fill(username)
  await page.getByLabel(admin.login.password).fill(password)
  await page.getByRole("button", { name: admin.login.submit }).click()
  await expect(page.getByRole("heading", { level: 1, name: admin.dashboard.title })).toBeVisible()
}

test(
  "a lead from ?utm_source=newsletter&utm_campaign=spring is mailed, " +
    "acknowledged, signed to a webhook, taken, noted, replied to and counted",
  async ({ page, browser, journey }) => {
    test.setTimeout(90_000)
    const name = `Lead ${uniqueTag("journey")}`
    const email = `${uniqueTag("lead")}@example.com`
    const text = "Wir brauchen eine Kundenbefragung.\nKönnen Sie mich anrufen?"
    const landing = localizePath("/", VISITOR)
    const field = (key: string) => copy(VISITOR, `contactForm.${key}`)

    // The visitor lands from the campaign, moves to the contact page, writes like a human.
    await openReady(page, `${landing}?utm_source=newsletter&utm_campaign=spring`)
    await page.waitForFunction(() => sessionStorage.getItem("leadSource") !== null)
    expect(await page.context().cookies()).toEqual([])
    await openReady(page, localizePath("/contact", VISITOR))
    await page.waitForTimeout(HUMAN_FILL_MS)
    const form = page.locator("main form")
    await form.getByLabel(field("name")).fill(name)
    await form.getByLabel(field("email")).fill(email)
    await form.getByLabel(field("message"), { exact: true }).fill(text)
    const sent = page.waitForResponse((response) => response.url().endsWith("/SendMessage"))
    await form.getByRole("button", { name: field("send") }).click()
    const response = await sent
    expect(response.status()).toBe(201)
    expect(response.request().postDataJSON()).toMatchObject({
      Landing: landing,
      UtmSource: "newsletter",
      UtmCampaign: "spring",
      Language: VISITOR,
    })
    const { id } = (await response.json()) as { id: string }
    await expect(page.getByRole("heading", { name: field("sentTitle") })).toBeVisible()

    // The outbox delivers: the team's notification and the visitor's acknowledgement reach the
    // SMTP server, and the team's tool gets one event for this message, correctly signed.
    const { smtp, receiver, server } = journey
    await expect
      .poll(() => smtp.received.length, { timeout: 20_000, message: "two mails" })
      .toBeGreaterThanOrEqual(2)
    const notifications = smtp.received.filter((raw) => mailTo(raw) === TEAM_ADDRESS)
    expect(notifications).toHaveLength(1)
    expect(mailSubject(notifications[0])).toContain(name)
    expect(notifications[0]).toMatch(
      new RegExp(`^Reply-To: ${name} <${email.replace(/\./g, "\\.")}>\r$`, "m"),
    )
    expect(mailText(notifications[0])).toContain(`${server.base}/admin/messages/${id}`)

    const acks = smtp.received.filter((raw) => mailTo(raw).includes(email))
    expect(acks).toHaveLength(1)
    expect(acks[0]).toMatch(new RegExp(`^From: ${MAIL_FROM.replace(/\./g, "\\.")}\r$`, "m"))
    const brand = copy(VISITOR, "brand.name")
    const reference = id.replace(/-/g, "").slice(0, 8).toUpperCase()
    expect(mailSubject(acks[0])).toBe(
      copy(VISITOR, "contact-mail:ack.subject", { brand, reference }),
    )
    // The whole body, word for word, is the visitor's language's text with the message's
    // reference: nothing they typed (the address has proved nothing; docs/LEADS.md).
    const ackBody = JSON.parse(
      fs.readFileSync(
        path.resolve(__dirname, `../../content/locales/${VISITOR}/contact-mail.json`),
        "utf8",
      ),
    ).ack.body as string
    const expected = ackBody.replace(
      /\{\{(\w+)\}\}/g,
      (_, key: string) => ({ brand, reference, siteUrl: server.base })[key] ?? `{{${key}}}`,
    )
    expect(mailText(acks[0]).replace(/\r\n/g, "\n").trim()).toBe(expected.trim())
    expect(mailText(acks[0])).not.toContain(name)
    expect(mailText(notifications[0])).toContain(`Reference: ${reference}`)
    expect(smtp.received).toHaveLength(2)

    await expect
      .poll(() => receiver.received.length, { timeout: 20_000, message: "a webhook event" })
      .toBeGreaterThanOrEqual(1)
    const events = receiver.received.filter((r) => r.body?.data?.id === id)
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({
      path: "/hooks",
      verified: true,
      id: expect.stringMatching(/.+/),
    })
    expect(events[0].body).toMatchObject({
      type: "message.created",
      data: {
        name,
        email,
        message: text,
        language: VISITOR,
        adminUrl: `${server.base}/admin/messages/${id}`,
      },
    })
    expect(receiver.received).toHaveLength(1)

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
    await expect(source.locator("[data-field=landingPage]")).toHaveText(landing)

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
    expect(decodeURIComponent(href.pathname)).toBe(email)
    // The reply is written in the visitor's language.
    expect(href.searchParams.get("subject")).toBe(
      copy(VISITOR, "admin:message.replySubject", { brand: copy(VISITOR, "brand.name") }),
    )
    // The team's reply quotes the message (to the visitor, from the team's own mail program).
    const quoted = text
      .split("\n")
      .map((line) => `> ${line}`)
      .join("\n")
    expect(href.searchParams.get("body")).toContain(quoted)
    // No mail program here to open: the test keeps the click's effect and drops the navigation.
    await reply.evaluate((link) =>
      link.addEventListener("click", (event) => event.preventDefault()),
    )
    await reply.click()
    await expect(desk.getByText(admin.message.changed.replied)).toBeVisible()
    await expect(desk.locator("[data-status=replied]").first()).toBeVisible()

    // The dashboard counts it under its source and its campaign.
    await desk.getByRole("link", { name: admin.shell.dashboard }).click()
    const bySource = desk.getByTestId("sources-by-source")
    // This spec's server holds this one message: exactly one.
    await expect(bySource.getByRole("row", { name: /newsletter/ })).toHaveText(/^newsletter\s*1$/)
    await expect(
      desk.getByTestId("sources-by-campaign").getByRole("row", { name: /spring/ }),
    ).toBeVisible()
    await desk.getByLabel(admin.sources.days_other.replace("{{count}}", "7")).check({ force: true })
    await expect(bySource.getByRole("row", { name: /newsletter/ })).toBeVisible()
    await memberContext.close()
  },
)
