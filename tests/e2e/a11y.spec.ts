// Accessibility gate: axe (WCAG 2.0/2.1 A and AA, 2.2 AA) on every public page in every
// language, light and dark, phone and desktop; zero violations. One browser page per
// viewport x language is reused across its pages, and each page, once loaded, is checked in
// both themes: the visitor's theme is "system", so the page turns dark when the system does,
// as it does for a visitor, without a second load.
import { expect, test, type Browser, type Page } from "@playwright/test"
import { languages } from "../../src/i18n/languages"
import { copy } from "../../src/test/copy"
import { pagesOf } from "./all-pages"
import { axeViolations, useAxe } from "./axe"

const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const
const themes = ["light", "dark"] as const
type Theme = (typeof themes)[number]
async function openContext(
  browser: Browser,
  theme: Theme | "system",
  viewport: keyof typeof viewports,
) {
  const context = await browser.newContext({
    viewport: viewports[viewport],
    isMobile: viewport === "phone",
    hasTouch: viewport === "phone",
    colorScheme: "light",
    // One pass with motion, one without: reveal animations must end readable in both.
    reducedMotion: viewport === "phone" ? "reduce" : "no-preference",
  })
  await context.addInitScript((value) => localStorage.setItem("theme", value), theme)
  await useAxe(context)
  return context
}

/** Turns the system, and with it the page on the "system" theme, light or dark, then waits until the theme's colours are drawn. */
async function systemTheme(page: Page, theme: Theme) {
  // The page follows a change of the system's theme once hydrated (src/theme/use-theme.ts);
  // before, only the pre-paint script has read it, at load. The phone pass (reduced motion)
  // does not wait for hydration to settle: on a loaded CI machine it came later than the class
  // check's 7 s once, and the page stayed light.
  await page.waitForSelector("body[data-hydrated]", { timeout: 30_000 })
  await page.emulateMedia({ colorScheme: theme })
  await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/)
  // Following the system, the colours change with their transitions: axe reads them once done.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => !(animation instanceof CSSTransition)),
  )
}

/** Scrolls through the page so every reveal has run, then waits for the fades to end. */
async function settle(page: Page, reducedMotion: boolean) {
  const scrollThrough = () =>
    page.evaluate(async () => {
      const step = Math.max(200, window.innerHeight * 0.7)
      for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
        window.scrollTo({ top: y, behavior: "instant" })
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30)))
      }
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" })
    })
  // Hydration hides the blocks then below the fold (never with reduced motion): scroll once it
  // has, so that they are revealed, faded in by the animation code the scroll asks for.
  if (!reducedMotion) await page.waitForSelector("body[data-hydrated]")
  await scrollThrough()
  const transparent = () =>
    [...document.querySelectorAll<HTMLElement>("[style*=opacity]")]
      .filter((element) => getComputedStyle(element).opacity !== "1")
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className.split(" ").join(".")} ` +
          `at y=${Math.round(element.getBoundingClientRect().top + window.scrollY)}`,
      )
  try {
    await page.waitForFunction(
      () =>
        ![...document.querySelectorAll<HTMLElement>("[style*=opacity]")].some(
          (element) => getComputedStyle(element).opacity !== "1",
        ),
      undefined,
      {
        timeout: 5_000,
        polling: 100,
      },
    )
  } catch {
    throw new Error(
      `content still transparent 5 s after scrolling past it: ${(await page.evaluate(transparent)).join(", ")}`,
    )
  }
}

function report(failures: Record<string, string[]>): string {
  return Object.entries(failures)
    .map(([where, lines]) => `${where}\n  ${lines.join("\n  ")}`)
    .join("\n")
}

test.describe.configure({ mode: "parallel" })

for (const viewport of Object.keys(viewports) as (keyof typeof viewports)[]) {
  for (const language of languages) {
    test(`axe: light and dark, ${viewport}, ${language}`, async ({ browser }) => {
      test.setTimeout(300_000)
      const context = await openContext(browser, "system", viewport)
      const page = await context.newPage()
      const failures: Record<string, string[]> = {}
      // A page that crashes while hydrating can end up empty, which axe would call clean.
      page.on("pageerror", (error) =>
        (failures[page.url()] ??= []).push(`page error: ${error.message}`),
      )
      for (const path of pagesOf(language)) {
        await page.emulateMedia({ colorScheme: "light" })
        await page.goto(path, { waitUntil: "load" })
        await expect(page.locator("main h1")).toBeVisible()
        await settle(page, viewport === "phone")
        for (const theme of themes) {
          await systemTheme(page, theme)
          const violations = await axeViolations(page)
          if (violations.length) failures[`${theme} ${path}`] = violations
        }
      }
      await context.close()
      expect(Object.keys(failures), report(failures)).toEqual([])
    })
  }
}

test("axe: the 404 page and the admin login screen, light and dark", async ({ browser }) => {
  const failures: Record<string, string[]> = {}
  for (const theme of themes) {
    const context = await openContext(browser, theme, "desktop")
    const page = await context.newPage()
    for (const path of ["/no-such-page", "/de/gibt-es-nicht", "/admin/login"]) {
      await page.goto(path)
      await page.waitForLoadState("networkidle")
      await settle(page, false)
      const violations = await axeViolations(page)
      if (violations.length) failures[`${theme} ${path}`] = violations
    }
    await context.close()
  }
  expect(Object.keys(failures), report(failures)).toEqual([])
})

test("axe: the mobile menu open, with a group unfolded, light and dark", async ({ browser }) => {
  const failures: Record<string, string[]> = {}
  for (const theme of themes) {
    const context = await openContext(browser, theme, "phone")
    const page = await context.newPage()
    await page.goto("/en")
    await page.waitForSelector("body[data-hydrated]")
    await page.getByRole("button", { name: copy("en", "nav.openMenu") }).click()
    const menu = page.getByRole("dialog", { name: copy("en", "nav.menu") })
    await expect(menu).toBeVisible()
    await menu.getByRole("button", { name: copy("en", "nav.productGroup") }).click()
    await expect(menu.getByRole("link", { name: copy("en", "nav.creaform") })).toBeVisible()
    const violations = await axeViolations(page)
    if (violations.length) failures[`${theme} menu`] = violations
    await context.close()
  }
  expect(Object.keys(failures), report(failures)).toEqual([])
})
