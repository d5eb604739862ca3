import { expect, test } from "@playwright/test"
import { copy } from "../../src/test/copy"
import { csvRows, newOwner, signIn, uniqueTag } from "./admin-helpers"
import { openReady } from "./pages"

test("the footer's newsletter box subscribes an address that then appears on the Data screen", async ({
  page,
}) => {
  const email = `${uniqueTag("news")}@example.com`
  await openReady(page, "/en/about")
  const box = page.locator("footer form")
  await box.getByLabel(copy("en", "footer.newsletter.emailLabel")).fill(email)
  await box.getByRole("button", { name: copy("en", "footer.newsletter.subscribe") }).click()
  await expect(box.getByRole("status")).toHaveText(copy("en", "footer.newsletter.success"))

  await signIn(page, "/admin/data")
  await page.getByPlaceholder("Rechercher une adresse").fill(email)
  await page.getByRole("button", { name: copy("fr", "admin:common.search") }).click()
  const rows = page.getByTestId("subscriber-row")
  await expect(rows).toHaveCount(1)
  await expect(rows).toContainText(email)
  await expect(rows).toContainText("English")

  const download = page.waitForEvent("download")
  await page.getByRole("button", { name: copy("fr", "admin:common.exportCsv") }).click()
  const csv = await csvRows(await download)
  expect(csv[0]).toEqual(["email", "language", "subscribedAt", "confirmedAt", "unsubscribeUrl"])
  // Without a mail server (as here) a subscription counts at once: confirmed, on the list.
  expect(csv.slice(1).map((row) => [row[0], row[1], row[2] === row[3]])).toEqual([
    [email, "en", true],
  ])
  await expect(page.getByTestId("subscriber-pending")).toHaveCount(0)

  await page.getByRole("button", { name: `Retirer ${email}` }).click()
  await page
    .getByRole("dialog")
    .getByRole("button", { name: copy("fr", "admin:management.remove") })
    .click()
  await expect(
    page.getByRole("status").filter({ hasText: `${email} ne recevra plus la newsletter.` }),
  ).toBeVisible()
  await expect(rows).toHaveCount(0)
})

test("an old bookmark of the Management screen opens My account, and Back skips it", async ({
  page,
}) => {
  await signIn(page, "/admin/messages")
  await page.goto("/admin/management")
  await expect(page).toHaveURL(/\/admin\/account$/)
  await expect(page.getByRole("link", { name: copy("fr", "admin:shell.account") })).toHaveAttribute(
    "aria-current",
    "page",
  )
  await page.goBack()
  await expect(page).toHaveURL(/\/admin\/messages$/)
})

test("the password form needs the current password and at least 12 characters", async ({
  page,
}) => {
  // Its own account: the wrong current password below is a failure the throttle counts.
  await signIn(page, "/admin/account", await newOwner())
  const form = page
    .locator("form")
    .filter({ has: page.getByLabel(copy("fr", "admin:management.password.current")) })
  await expect(form.getByLabel(copy("fr", "admin:management.password.current"))).toHaveAttribute(
    "autocomplete",
    "current-password",
  )
  await expect(
    form.getByRole("button", { name: copy("fr", "admin:management.password.submit") }),
  ).toBeDisabled()
  await form.getByLabel(copy("fr", "admin:management.password.current")).fill("whatever it is")
  await form.getByLabel(/^Nouveau mot de passe/).fill("short-11chr")
  await form.getByLabel(copy("fr", "admin:management.password.confirm")).fill("short-11chr")
  await form.getByRole("button", { name: copy("fr", "admin:management.password.submit") }).click()
  await expect(form.getByRole("alert")).toContainText(
    copy("fr", "admin:management.password.tooShort"),
  )
  await form.getByLabel(/^Nouveau mot de passe/).fill("a long enough password")
  await form
    .getByLabel(copy("fr", "admin:management.password.confirm"))
    .fill("a long enough passw0rd")
  await form.getByRole("button", { name: copy("fr", "admin:management.password.submit") }).click()
  await expect(form.getByRole("alert")).toContainText(
    copy("fr", "admin:management.password.mismatch"),
  )
  await form
    .getByLabel(copy("fr", "admin:management.password.confirm"))
    .fill("a long enough password")
  await form.getByRole("button", { name: copy("fr", "admin:management.password.submit") }).click()
  await expect(form.getByRole("alert")).toContainText(copy("fr", "admin:management.password.wrong"))
  // Still signed in: a wrong current password is not a lost session.
  await expect(page).toHaveURL(/\/admin\/account$/)
})

test("the dashboard counts messages by status and draws 30 days", async ({ page }) => {
  await signIn(page, "/admin")
  await expect(
    page.getByRole("heading", { name: copy("fr", "admin:dashboard.title") }),
  ).toBeVisible()
  for (const status of ["unread", "read", "archived", "spam", "subscribers"]) {
    await expect(page.getByTestId(`count-${status}`)).toContainText(/\d+/)
  }
  await expect(page.locator("figure svg rect")).toHaveCount(30)
  await page.getByTestId("count-archived").click()
  await expect(page).toHaveURL(/\/admin\/messages\?status=archived$/)
  // The screen follows the address in a transition: the dashboard can still be shown for a
  // few frames after the URL changed, so the inbox's select is waited for by its role.
  await expect(page.getByRole("combobox", { name: copy("fr", "admin:inbox.status") })).toHaveValue(
    "archived",
  )
})

test("the chart's figures are also a table, today's count included", async ({ page }) => {
  await signIn(page, "/admin")
  await page.getByText(copy("fr", "admin:dashboard.chartTable")).click()
  const rows = page.locator("figure table tbody tr")
  await expect(rows).toHaveCount(30)
  const today = Number(await rows.last().locator("td").last().textContent())
  const bar = Number(await page.locator("figure svg rect").last().getAttribute("data-count"))
  expect(today).toBe(bar)
})
