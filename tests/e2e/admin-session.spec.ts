import { expect, test } from "@playwright/test"
import { copy } from "../../src/test/copy"
import { adminCredentials, postMessage, signIn, submitLogin, uniqueTag } from "./admin-helpers"

test("after 24 hours the admin is sent back to login, then returns to the page asked for", async ({
  page,
}) => {
  await signIn(page, "/admin/account")
  // 24 hours later: the stored expiry is in the past.
  await page.evaluate(() =>
    localStorage.setItem("auth", JSON.stringify({ expiresAt: Date.now() - 1 })),
  )
  await page.goto("/admin/account")
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Faccount$/)
  expect(await page.evaluate(() => localStorage.getItem("auth"))).toBeNull()
  await page.getByLabel(copy("fr", "admin:login.username")).fill("admin")
  await page.getByLabel(copy("fr", "admin:login.password")).fill(adminCredentials.password)
  await submitLogin(page, /\/admin\/account$/)
})

test("the clock passing the expiry while the page stays open signs the admin out", async ({
  page,
}) => {
  await page.clock.install()
  await signIn(page, "/admin/messages")
  await page.clock.fastForward("24:00:01")
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fmessages$/)
  expect(await page.evaluate(() => localStorage.getItem("auth"))).toBeNull()
})

test("a 401 from the API (session revoked on the server) sends the admin to login", async ({
  page,
  context,
}) => {
  await signIn(page, "/admin/messages")
  await context.clearCookies()
  // The stored record is still valid; only the server refuses. Any request will do: the
  // unread badge refreshes when the window gets focus.
  await page.evaluate(() => window.dispatchEvent(new Event("focus")))
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fmessages$/)
  expect(await page.evaluate(() => localStorage.getItem("auth"))).toBeNull()
})

test("markup in a message is shown as text and never runs", async ({ page }) => {
  const tag = uniqueTag("xss")
  const payload = `<img src=x onerror=alert(1)> <script>alert(2)</script> ${tag}`
  const id = await postMessage(page, { name: `<b>${tag}</b>`, message: payload })
  const dialogs: string[] = []
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  await signIn(page, `/admin/messages?q=${tag}`)
  await expect(page.getByTestId("inbox-row")).toContainText(`<b>${tag}</b>`)
  await page.getByTestId("inbox-row").getByRole("link").click()
  await expect(page).toHaveURL(new RegExp(`/admin/messages/${id}$`))
  await expect(page.getByTestId("message-text")).toHaveText(payload)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`<b>${tag}</b>`)
  await expect(page.locator("main img, main script, main b")).toHaveCount(0)
  await page.waitForTimeout(300)
  expect(dialogs).toEqual([])
})

test("select several messages, move them to spam, then delete them, each after a confirmation", async ({
  page,
}) => {
  const tag = uniqueTag("bulk")
  for (const n of [1, 2, 3])
    await postMessage(page, { name: `Bulk ${n} ${tag}`, message: `Message ${n} ${tag}` })
  await signIn(page, `/admin/messages?q=${tag}`)
  const rows = page.getByTestId("inbox-row")
  await expect(rows).toHaveCount(3)
  await page.getByLabel(copy("fr", "admin:inbox.selectOne", { name: `Bulk 1 ${tag}` })).check()
  await page.getByLabel(copy("fr", "admin:inbox.selectOne", { name: `Bulk 2 ${tag}` })).check()
  await page.getByRole("button", { name: copy("fr", "admin:inbox.spam") }).click()
  const dialog = page.getByRole("dialog")
  await expect(dialog).toContainText(copy("fr", "admin:inbox.confirm.spam", { count: 2 }))
  await dialog.getByRole("button", { name: copy("fr", "admin:common.cancel") }).click()
  await expect(dialog).toBeHidden()
  await expect(rows.filter({ has: page.locator('[data-status="spam"]') })).toHaveCount(0)

  await page.getByRole("button", { name: copy("fr", "admin:inbox.spam") }).click()
  await dialog.getByRole("button", { name: copy("fr", "admin:inbox.spam") }).click()
  await expect(
    page.getByRole("status").filter({ hasText: copy("fr", "admin:inbox.done", { count: 2 }) }),
  ).toBeVisible()
  await page.getByRole("combobox", { name: copy("fr", "admin:inbox.status") }).selectOption("spam")
  await expect(rows).toHaveCount(2)

  await page.getByLabel(copy("fr", "admin:inbox.selectPage")).check()
  await page.getByRole("button", { name: copy("fr", "admin:inbox.delete") }).click()
  await expect(dialog).toContainText(copy("fr", "admin:inbox.confirm.delete", { count: 2 }))
  await dialog.getByRole("button", { name: copy("fr", "admin:inbox.delete") }).click()
  await expect(page.getByText(copy("fr", "admin:inbox.empty"))).toBeVisible()
  await page.getByRole("combobox", { name: copy("fr", "admin:inbox.status") }).selectOption("")
  await expect(rows).toHaveCount(1)
  await expect(rows).toContainText(`Bulk 3 ${tag}`)
})

test("the admin follows the saved language and switches it without leaving the page", async ({
  page,
}) => {
  await signIn(page, "/admin/messages")
  await page.getByRole("button", { name: "Deutsch" }).first().click()
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy("de", "admin:inbox.title"))
  await expect(page.locator("html")).toHaveAttribute("lang", "de")
  await expect(page).toHaveURL(/\/admin\/messages$/)
  await page.reload()
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy("de", "admin:inbox.title"))
  await expect(page).toHaveTitle("Nachrichten – Admin-Bereich | Mesurea")
  await expect(page.getByRole("link", { name: /Übersicht/ })).toBeVisible()
})

test(
  "an unknown admin page shows the admin's not-found view; " +
    "the shell has no site header or footer and is noindex",
  async ({ page }) => {
    await signIn(page, "/admin")
    await page.goto("/admin/no-such-screen")
    await expect(
      page.getByRole("heading", { name: copy("fr", "admin:notFound.title") }),
    ).toBeVisible()
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/)
    await expect(page.getByRole("contentinfo")).toHaveCount(0)
    await expect(page.locator("#contact-band-title")).toHaveCount(0)
    await page.getByRole("link", { name: copy("fr", "admin:notFound.back") }).click()
    await expect(
      page.getByRole("heading", { name: copy("fr", "admin:dashboard.title") }),
    ).toBeVisible()
  },
)

test("a message deleted from its page is gone, and its address then shows 'not found'", async ({
  page,
}) => {
  const tag = uniqueTag("single")
  const id = await postMessage(page, { name: `Single ${tag}`, message: `To delete ${tag}` })
  await signIn(page, `/admin/messages/${id}`)
  await expect(page.getByTestId("message-text")).toHaveText(`To delete ${tag}`)
  await page.getByRole("button", { name: copy("fr", "admin:message.spam") }).click()
  await expect(page.locator("dl [data-status]")).toHaveText(copy("fr", "admin:status.spam"))
  await page.getByRole("button", { name: copy("fr", "admin:message.notSpam") }).click()
  await expect(page.locator("dl [data-status]")).toHaveText(copy("fr", "admin:status.read"))
  await page.getByRole("button", { name: copy("fr", "admin:message.delete") }).click()
  await page
    .getByRole("dialog")
    .getByRole("button", { name: copy("fr", "admin:message.delete") })
    .click()
  await expect(page).toHaveURL(/\/admin\/messages$/)
  await page.getByLabel(copy("fr", "admin:inbox.search")).fill(tag)
  await page.getByRole("button", { name: copy("fr", "admin:inbox.apply") }).click()
  await expect(page.getByText(copy("fr", "admin:inbox.empty"))).toBeVisible()
  await page.goto(`/admin/messages/${id}`)
  await expect(page.getByRole("alert")).toHaveText(copy("fr", "admin:message.notFound"))
})

test("the inbox pages by 20, keeping the filter in the URL", async ({ page }) => {
  const tag = uniqueTag("paging")
  for (let n = 1; n <= 21; n++)
    await postMessage(page, { name: `Paging ${String(n).padStart(2, "0")} ${tag}`, message: tag })
  await signIn(page, `/admin/messages?q=${tag}`)
  const rows = page.getByTestId("inbox-row")
  await expect(rows).toHaveCount(20)
  await expect(page.getByText(copy("fr", "admin:common.page", { page: 1, pages: 2 }))).toBeVisible()
  await expect(page.getByTestId("inbox-total")).toHaveText(
    copy("fr", "admin:inbox.total", { count: 21 }),
  )
  await page.getByRole("button", { name: copy("fr", "admin:common.next") }).click()
  await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&page=2$`))
  await expect(rows).toHaveCount(1)
  await expect(rows).toContainText(tag)
  await page.goBack()
  await expect(rows).toHaveCount(20)
})

test("the date filter keeps the messages of the chosen days (UTC)", async ({ page }) => {
  const tag = uniqueTag("dates")
  await postMessage(page, { name: `Dated ${tag}`, message: tag })
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
  await signIn(page, `/admin/messages?q=${tag}`)
  const rows = page.getByTestId("inbox-row")
  await expect(rows).toHaveCount(1)
  await page.getByLabel(copy("fr", "admin:inbox.from")).fill(day(1))
  await page.getByRole("button", { name: copy("fr", "admin:inbox.apply") }).click()
  await expect(page.getByText(copy("fr", "admin:inbox.empty"))).toBeVisible()
  await page.getByLabel(copy("fr", "admin:inbox.from")).fill(day(-1))
  await page.getByLabel(copy("fr", "admin:inbox.to")).fill(day(0))
  await page.getByRole("button", { name: copy("fr", "admin:inbox.apply") }).click()
  await expect(page).toHaveURL(new RegExp(`from=${day(-1)}&to=${day(0)}`))
  await expect(rows).toHaveCount(1)
  await page.getByRole("button", { name: copy("fr", "admin:inbox.reset") }).click()
  await expect(page).toHaveURL(/\/admin\/messages$/)
})
