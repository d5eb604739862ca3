// A visitor's browser for the walks that check pages in both themes (the page walk, a11y.spec.ts):
// the context for a viewport, a page scrolled until every reveal has run, and the system's theme
// turned light or dark.
import { expect, type Browser, type Page } from "@playwright/test"
import { useAxe } from "./axe"

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const
export type Viewport = keyof typeof viewports
export const themes = ["light", "dark"] as const
export type Theme = (typeof themes)[number]

export async function openContext(browser: Browser, theme: Theme | "system", viewport: Viewport) {
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

/**
 * Holds the colour transitions while the theme changes, as the switch does (the `theme-changing`
 * class, src/theme/use-theme.ts and global.css): axe reads the theme's end colours either way,
 * and the page does not spend the CPU of animating every `transition-colors` element on the way
 * (about a tenth of the page walk's). Elements with transitions the class does not name still
 * animate, so the change waits until no colour transition runs.
 */
async function withoutTransitions(page: Page, change: () => Promise<void>) {
  await page.evaluate(() => document.documentElement.classList.add("theme-changing"))
  await change()
  await page.evaluate(() => document.documentElement.classList.remove("theme-changing"))
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => !(animation instanceof CSSTransition)),
  )
}

/** Turns the system, and with it the page on the "system" theme, light or dark, then waits until the theme's colours are drawn. */
export async function systemTheme(page: Page, theme: Theme) {
  // The page follows a change of the system's theme once hydrated (src/theme/use-theme.ts);
  // before, only the pre-paint script has read it, at load. The phone pass (reduced motion)
  // does not wait for hydration to settle: on a loaded CI machine it came later than the class
  // check's 7 s once, and the page stayed light.
  await page.waitForSelector("body[data-hydrated]", { timeout: 30_000 })
  await withoutTransitions(page, async () => {
    await page.emulateMedia({ colorScheme: theme })
    await expect(page.locator("html")).toHaveClass(
      theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/,
    )
  })
}

/** Turns the system light for the next page to load light, without animating the page it leaves. */
export async function lightForNextLoad(page: Page) {
  await page.evaluate(() => document.documentElement.classList.add("theme-changing"))
  await page.emulateMedia({ colorScheme: "light" })
}

/**
 * Sets or takes away the class the theme sets on <html>, as the pre-paint script and the theme
 * switch do, for a page that does not follow the system (the admin) or has no script (its
 * HTML served to axe without JavaScript), then waits until the theme's colours are drawn.
 */
export async function darkClass(page: Page, dark: boolean) {
  await withoutTransitions(page, () =>
    page.evaluate((on) => void document.documentElement.classList.toggle("dark", on), dark),
  )
}

/** Scrolls through the page so every reveal has run, then waits for the fades to end. */
export async function settle(page: Page, reducedMotion: boolean) {
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

/** The failures of a walk, one block per page. */
export function report(failures: Record<string, string[]>): string {
  return Object.entries(failures)
    .map(([where, lines]) => `${where}\n  ${lines.join("\n  ")}`)
    .join("\n")
}
