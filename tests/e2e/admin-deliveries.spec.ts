import fs from "node:fs"
import path from "node:path"
import AxeBuilder from "@axe-core/playwright"
import { expect, type Page, test } from "@playwright/test"
import { signIn } from "./admin-helpers"

// The browser test server has no webhook and no mail server, so the outbox's answers are
// given here (the API itself is tested in server/routes/admin/outbox.test.ts): the screen is
// checked with a failed delivery and a webhook to show.
const copy = JSON.parse(
  fs.readFileSync(path.resolve(__dirname, "../../content/locales/fr/admin.json"), "utf8"),
).deliveries

const failed = {
  id: "d1",
  kind: "notify",
  messageId: "m1",
  target: null,
  status: "failed",
  attempts: 16,
  nextAt: "2026-11-22T10:00:00.000Z",
  lastError: "ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:25",
  createdAt: "2026-11-22T09:00:00.000Z",
  updatedAt: "2026-11-22T10:00:00.000Z",
}
const recent = [
  {
    ...failed,
    id: "d2",
    kind: "webhook",
    messageId: "m2",
    target: "slack: https://hooks.slack.com/…",
    status: "sent",
    attempts: 1,
    lastError: null,
  },
  {
    ...failed,
    id: "d3",
    kind: "webhook",
    messageId: "m3",
    target: "slack: https://hooks.slack.com/…",
    status: "pending",
    attempts: 2,
    lastError: "HTTP 503",
  },
]

async function withOutbox(page: Page) {
  let retried = false
  await page.route("**/api/admin/outbox", (route) =>
    route.fulfill({
      json: {
        failed: retried ? [] : [failed],
        counts: { pending: 1, sent: 12, failed: retried ? 0 : 1 },
      },
    }),
  )
  await page.route("**/api/admin/outbox/d1/retry", (route) => {
    retried = true
    return route.fulfill({ json: { status: "pending" } })
  })
  await page.route("**/api/admin/webhooks", (route) =>
    route.fulfill({
      json: {
        webhooks: [
          {
            index: 0,
            label: "slack: https://hooks.slack.com/…",
            format: "slack",
            deliveries: recent,
          },
        ],
      },
    }),
  )
  await page.route("**/api/admin/webhooks/0/test", (route) =>
    route.fulfill({ status: 202, json: { id: "d4" } }),
  )
}

for (const theme of ["light", "dark"] as const) {
  test(`the deliveries panel passes axe in the ${theme} theme`, async ({ page }) => {
    await page.addInitScript((value) => localStorage.setItem("theme", value), theme)
    await withOutbox(page)
    await signIn(page, "/admin/deliveries")
    const panel = page.locator("section", { has: page.getByRole("heading", { name: copy.title }) })
    await expect(panel.getByText(/ECONNREFUSED/)).toBeVisible()
    await expect(panel.getByTestId("webhook")).toContainText("hooks.slack.com")
    const { violations } = await new AxeBuilder({ page })
      .include("#deliveries-title")
      .include("section:has(#deliveries-title)")
      .analyze()
    expect(
      violations.map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
    ).toEqual([])
  })
}

test("a failed delivery is retried and a test event sent from the keyboard", async ({ page }) => {
  await withOutbox(page)
  await signIn(page, "/admin/deliveries")
  const panel = page.locator("section", { has: page.getByRole("heading", { name: copy.title }) })
  const retry = panel.getByRole("button", { name: new RegExp(copy.retry) })
  await retry.focus()
  await expect(retry).toBeFocused()
  await page.keyboard.press("Enter")
  await expect(panel.getByText(copy.retried)).toBeVisible()
  await expect(panel.getByText(copy.failedEmpty)).toBeVisible()

  const test = panel.getByRole("button", {
    name: copy.sendTestLabel.replace("{{label}}", "slack: https://hooks.slack.com/…"),
  })
  await test.focus()
  await page.keyboard.press("Space")
  await expect(
    panel.getByText(copy.testQueued.replace("{{label}}", "slack: https://hooks.slack.com/…")),
  ).toBeVisible()
})
