import { expect, test } from "@playwright/test"
import { postMessage, signIn, uniqueTag } from "./admin-helpers"

test("after 24 hours the admin is sent back to login, then returns to the page asked for", async ({ page }) => {
  await signIn(page, "/admin/management")
  // 24 hours later: the stored expiry is in the past.
  await page.evaluate(() => localStorage.setItem("auth", JSON.stringify({ expiresAt: Date.now() - 1 })))
  await page.goto("/admin/management")
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fmanagement$/)
  expect(await page.evaluate(() => localStorage.getItem("auth"))).toBeNull()
  await page.getByLabel("Nom d'utilisateur").fill("admin")
  await page.getByLabel("Mot de passe").fill((await import("./admin-helpers")).adminCredentials.password)
  await page.getByRole("button", { name: "Se connecter" }).click()
  await expect(page).toHaveURL(/\/admin\/management$/)
})

test("the clock passing the expiry while the page stays open signs the admin out", async ({ page }) => {
  await page.clock.install()
  await signIn(page, "/admin/messages")
  await page.clock.fastForward("24:00:01")
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fmessages$/)
  expect(await page.evaluate(() => localStorage.getItem("auth"))).toBeNull()
})

test("a 401 from the API (session revoked on the server) sends the admin to login", async ({ page, context }) => {
  await signIn(page, "/admin")
  await context.clearCookies()
  await page.getByRole("link", { name: /Messages/ }).click()
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

test("select several messages, move them to spam, then delete them, each after a confirmation", async ({ page }) => {
  const tag = uniqueTag("bulk")
  for (const n of [1, 2, 3]) await postMessage(page, { name: `Bulk ${n} ${tag}`, message: `Message ${n} ${tag}` })
  await signIn(page, `/admin/messages?q=${tag}`)
  const rows = page.getByTestId("inbox-row")
  await expect(rows).toHaveCount(3)
  await page.getByLabel(`Sélectionner le message de Bulk 1 ${tag}`).check()
  await page.getByLabel(`Sélectionner le message de Bulk 2 ${tag}`).check()
  await page.getByRole("button", { name: "Spam" }).click()
  const dialog = page.getByRole("dialog")
  await expect(dialog).toContainText("Déplacer 2 messages dans le spam ?")
  await dialog.getByRole("button", { name: "Annuler" }).click()
  await expect(dialog).toBeHidden()
  await expect(rows.filter({ has: page.locator('[data-status="spam"]') })).toHaveCount(0)

  await page.getByRole("button", { name: "Spam" }).click()
  await dialog.getByRole("button", { name: "Spam" }).click()
  await expect(page.getByRole("status").filter({ hasText: "2 messages mis à jour." })).toBeVisible()
  await page.getByLabel("Statut").selectOption("spam")
  await expect(rows).toHaveCount(2)

  await page.getByLabel("Sélectionner les messages de cette page").check()
  await page.getByRole("button", { name: "Supprimer" }).click()
  await expect(dialog).toContainText("Supprimer définitivement 2 messages ?")
  await dialog.getByRole("button", { name: "Supprimer" }).click()
  await expect(page.getByText("Aucun message ne correspond.")).toBeVisible()
  await page.getByLabel("Statut").selectOption("")
  await expect(rows).toHaveCount(1)
  await expect(rows).toContainText(`Bulk 3 ${tag}`)
})

test("the admin follows the saved language and switches it without leaving the page", async ({ page }) => {
  await signIn(page, "/admin/messages")
  await page.getByRole("button", { name: "Deutsch" }).first().click()
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nachrichten")
  await expect(page.locator("html")).toHaveAttribute("lang", "de")
  await expect(page).toHaveURL(/\/admin\/messages$/)
  await page.reload()
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nachrichten")
  await expect(page).toHaveTitle("Nachrichten – Admin-Bereich | Mesurea")
  await expect(page.getByRole("link", { name: /Übersicht/ })).toBeVisible()
})

test("an unknown admin page shows the admin's not-found view; the shell has no site header or footer and is noindex", async ({ page }) => {
  await signIn(page, "/admin")
  await page.goto("/admin/no-such-screen")
  await expect(page.getByRole("heading", { name: "Page introuvable" })).toBeVisible()
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/)
  await expect(page.getByRole("contentinfo")).toHaveCount(0)
  await expect(page.locator("#contact-band-title")).toHaveCount(0)
  await page.getByRole("link", { name: "Retour au tableau de bord" }).click()
  await expect(page.getByRole("heading", { name: "Tableau de bord" })).toBeVisible()
})

test("a message deleted from its page is gone, and its address then shows 'not found'", async ({ page }) => {
  const tag = uniqueTag("single")
  const id = await postMessage(page, { name: `Single ${tag}`, message: `To delete ${tag}` })
  await signIn(page, `/admin/messages/${id}`)
  await expect(page.getByTestId("message-text")).toHaveText(`To delete ${tag}`)
  await page.getByRole("button", { name: "Spam" }).click()
  await expect(page.locator("dl [data-status]")).toHaveText("Spam")
  await page.getByRole("button", { name: "Ce n'est pas du spam" }).click()
  await expect(page.locator("dl [data-status]")).toHaveText("Lu")
  await page.getByRole("button", { name: "Supprimer" }).click()
  await page.getByRole("dialog").getByRole("button", { name: "Supprimer" }).click()
  await expect(page).toHaveURL(/\/admin\/messages$/)
  await page.getByLabel("Rechercher").fill(tag)
  await page.getByRole("button", { name: "Filtrer" }).click()
  await expect(page.getByText("Aucun message ne correspond.")).toBeVisible()
  await page.goto(`/admin/messages/${id}`)
  await expect(page.getByRole("alert")).toHaveText("Ce message n'existe pas ou a été supprimé.")
})
