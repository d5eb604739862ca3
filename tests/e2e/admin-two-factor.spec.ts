import AxeBuilder from "@axe-core/playwright"
import { expect, request as playwrightRequest, test } from "@playwright/test"
import { Secret, TOTP } from "otpauth"
import { baseURL } from "../../playwright.config"
import { copy } from "../../src/test/copy"
import { apiSignIn, submitLogin, uniqueTag, useOwnAddress } from "./admin-helpers"

// Two-step sign-in as a member turns it on in a browser: the setup asks for the password again
// (issue 21, finding 4), works from the keyboard, passes axe with the setup open, and signs the
// account's other sessions out. A member of its own, so the other tests' admin keeps signing in
// without a code.
const code = (secret: string) =>
  new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
  }).generate()

test("a member turns on two-step sign-in with a code and the password; other sessions end", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000)
  const username = uniqueTag("totp").toLowerCase()
  await apiSignIn(request)
  const created = await request.post("/api/admin/users", { data: { username, role: "member" } })
  expect(created.status()).toBe(201)
  const { password } = (await created.json()) as { password: string }

  // Another browser of the same member, signed in before the change.
  const elsewhere = await playwrightRequest.newContext({ baseURL })
  expect(
    (await elsewhere.post("/api/admin/login", { data: { username, password } })).status(),
  ).toBe(200)

  await useOwnAddress(page)
  await page.goto("/admin/account")
  await page.getByLabel(copy("fr", "admin:login.username")).fill(username)
  await page.getByLabel(copy("fr", "admin:login.password")).fill(password)
  await submitLogin(page, /\/admin\/account$/, password)

  const panel = page.getByRole("region", { name: copy("fr", "admin:totp.title") })
  await panel.getByRole("button", { name: copy("fr", "admin:totp.start") }).click()
  const secret = (await panel.getByTestId("totp-secret").innerText()).replace(/\s+/g, "")
  const codeField = panel.getByLabel(copy("fr", "admin:totp.code"))
  const passwordField = panel.getByLabel(copy("fr", "admin:totp.password"))
  await expect(passwordField).toHaveAttribute("type", "password")
  await expect(passwordField).toHaveAccessibleDescription(copy("fr", "admin:totp.passwordNote"))
  const { violations } = await new AxeBuilder({ page }).analyze()
  expect(violations.map((v) => v.id)).toEqual([])

  // From the keyboard: the code, Tab to the password, Enter.
  await codeField.focus()
  await page.keyboard.type(code(secret))
  await page.keyboard.press("Tab")
  await expect(passwordField).toBeFocused()
  await page.keyboard.type(password)
  await page.keyboard.press("Enter")
  await expect(panel.getByText(copy("fr", "admin:totp.enabled"))).toBeVisible()
  await expect(panel.getByTestId("totp-state")).toHaveText(copy("fr", "admin:totp.on"))

  // This browser stays signed in; the other one is signed out.
  expect((await page.request.get("/api/admin/session")).status()).toBe(200)
  expect((await elsewhere.get("/api/admin/session")).status()).toBe(401)
  await elsewhere.dispose()
})
