// The site with the keyboard alone: every focused control shows a focus ring, the contact
// form can be filled and sent, the theme and language switches answer Enter and Space.
import { expect, test, type Page } from "@playwright/test"
import { copy } from "../../src/test/copy"
import { HUMAN_FILL_MS, openReady } from "./pages"

/** What the focused element is, and whether a ring (outline or box-shadow) shows it. */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null
    if (!element || element === document.body) return null
    const style = getComputedStyle(element)
    const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0
    const shadow = style.boxShadow !== "none"
    const label =
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""} ` +
      `"${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40)}"`
    return {
      label,
      name: element.getAttribute("name"),
      visible: element.matches(":focus-visible"),
      ring: outline || shadow,
      type: (element as HTMLInputElement).type,
    }
  })
}

/** Presses Tab until the focused element satisfies `done`; fails after `limit` presses. */
async function tabUntil(
  page: Page,
  done: (current: NonNullable<Awaited<ReturnType<typeof focused>>>) => boolean,
  limit = 60,
) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab")
    const current = await focused(page)
    if (current && done(current)) return current
  }
  throw new Error(`no matching element within ${limit} Tab presses`)
}

for (const theme of ["light", "dark"] as const) {
  for (const path of ["/", "/contact", "/de/blog/bien-utiliser-le-nps"]) {
    test(`every control reached by Tab shows a focus ring (${theme}, ${path})`, async ({
      page,
    }) => {
      await page.addInitScript((value) => localStorage.setItem("theme", value), theme)
      await openReady(page, path)
      const withoutRing: string[] = []
      const seen = new Set<string>()
      for (let i = 0; i < 60; i++) {
        await page.keyboard.press("Tab")
        const current = await focused(page)
        if (!current) continue
        if (seen.has(current.label)) break
        seen.add(current.label)
        if (!current.visible || !current.ring) withoutRing.push(current.label)
      }
      expect(seen.size).toBeGreaterThan(10)
      expect(withoutRing, `focused without a visible ring:\n${withoutRing.join("\n")}`).toEqual([])
    })
  }
}

test("the contact form can be filled and sent with the keyboard alone", async ({ page }) => {
  await openReady(page, "/contact")
  const shownAt = Date.now()
  await tabUntil(page, (current) => current.name === "name")
  await page.keyboard.type("Clavier Seul")
  const order: string[] = []
  for (const [, text] of [
    ["Email", "clavier@example.com"],
    ["Company", "Exemple SA"],
    ["Phone", "+33 1 23 45 67 89"],
    ["Message", "Envoyé sans souris."],
  ]) {
    await page.keyboard.press("Tab")
    const current = await focused(page)
    order.push(current?.name ?? "?")
    await page.keyboard.type(text)
  }
  // The decoy field for bots is out of reach: the next stop is the send button.
  expect(order).toEqual(["Email", "Company", "Phone", "Message"])
  await page.keyboard.press("Tab")
  const submit = await focused(page)
  expect(submit?.type).toBe("submit")
  expect(submit?.ring).toBe(true)
  await page.waitForTimeout(Math.max(0, HUMAN_FILL_MS - (Date.now() - shownAt)))
  const answer = page.waitForResponse((response) => response.url().endsWith("/SendMessage"))
  await page.keyboard.press("Enter")
  expect((await answer).status()).toBe(201)
  await expect(
    page.getByRole("status").filter({ hasText: copy("fr", "contactForm.successTitle") }),
  ).toBeVisible()
})

test("the theme switch answers Enter and Space", async ({ page }) => {
  await openReady(page, "/about")
  const header = page.locator("header")
  await tabUntil(page, (current) => current.label.includes(copy("fr", "theme.dark")))
  await page.keyboard.press("Enter")
  await expect(page.locator("html")).toHaveClass(/dark/)
  await expect(header.getByRole("button", { name: copy("fr", "theme.dark") })).toHaveAttribute(
    "aria-pressed",
    "true",
  )
  await page.keyboard.press("Shift+Tab")
  await expect(header.getByRole("button", { name: copy("fr", "theme.light") })).toBeFocused()
  await page.keyboard.press("Space")
  await expect(page.locator("html")).not.toHaveClass(/dark/)
  // The choice is saved just after the repaint (a timer, out of the key's path).
  await expect.poll(() => page.evaluate(() => localStorage.getItem("theme"))).toBe("light")
})

test("the language switch answers Enter and Space", async ({ page }) => {
  await openReady(page, "/solutions")
  await tabUntil(page, (current) => current.label.includes("Deutsch"))
  await page.keyboard.press("Enter")
  await expect(page).toHaveURL(/\/de\/solutions$/)
  await expect(page.locator("html")).toHaveAttribute("lang", "de")
  await page.locator("header").getByRole("button", { name: "English" }).focus()
  await page.keyboard.press("Space")
  await expect(page).toHaveURL(/\/en\/solutions$/)
  await expect(page.locator("html")).toHaveAttribute("lang", "en")
})

test.describe("phone", () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test("the mobile menu opens with Enter, shows focus rings, and gives focus back on Escape", async ({
    page,
  }) => {
    await openReady(page, "/en")
    const opener = await tabUntil(page, (current) =>
      current.label.includes(copy("en", "nav.openMenu")),
    )
    expect(opener.ring).toBe(true)
    await page.keyboard.press("Enter")
    const menu = page.getByRole("dialog", { name: copy("en", "nav.menu") })
    await expect(menu).toBeVisible()
    // The browser gives the focus to the menu's first control, as it does for a modal dialog.
    await expect(menu.getByRole("button", { name: copy("en", "nav.closeMenu") })).toBeFocused()
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Tab")
      const current = await focused(page)
      expect(current?.ring, `${current?.label} has a focus ring`).toBe(true)
    }
    await page.keyboard.press("Escape")
    await expect(menu).toBeHidden()
    await expect(page.getByRole("button", { name: copy("en", "nav.openMenu") })).toBeFocused()
  })
})
