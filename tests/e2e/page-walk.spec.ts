// One walk per language and viewport (phone with reduced motion, desktop with motion) through
// every public page (the route table and every blog post), checking on each what the browser
// alone can see:
// - the first load (full-load.ts): a full page load paints at once, without waiting for
//   hydration, with no page or console error, and the page keeps its content once hydrated;
// - accessibility: axe (WCAG 2.0/2.1 A and AA, 2.2 AA), zero violations, once every reveal has
//   run, light, then dark for the colour rules (only colours change: src/theme/dark-variants.test.ts).
//   The visitor's theme is "system", so the page turns dark when the system does, as it does for
//   a visitor, without a second load (its colour transitions held, as the switch holds them);
// - the Content-Security-Policy: the browser reports no violation (headers.spec.ts checks the
//   headers and the inline scripts' hashes);
// - privacy: the policy says no cookie banner is needed because a visitor gets no cookie and no
//   tracker, so no page sets a cookie, asks another origin or keeps more than the language, the
//   theme and the visit source.
// One tab walks the pages one after the other, as a visitor does: what a page stores stays for the
// next, so each check after a page sees everything stored so far, and the first page that
// stores something it should not is the one named. The desktop walk then visits the not-found
// pages and the admin's login screen for the CSP and privacy checks (a11y.spec.ts runs axe there).
import { expect, test, type BrowserContext, type Page } from "@playwright/test"
import { languages, type Language } from "../../src/i18n/languages"
import { pagesOf } from "./all-pages"
import { axeViolations, rulesIn } from "./axe"
import { expectGoodLoad, fullLoad } from "./full-load"
import {
  lightForNextLoad,
  openContext,
  report,
  settle,
  systemTheme,
  themes,
  viewports,
} from "./visitor-context"

/** What the page keeps beyond the language and the theme (local) and the visit source (tab). */
const extraStorage = () => ({
  local: Object.keys(window.localStorage).filter((key) => key !== "language" && key !== "theme"),
  // Beside the visit source, only Gatsby's scroll positions ("@@scroll|<path>|<key>").
  session: Object.keys(window.sessionStorage).filter(
    (key) => key !== "leadSource" && !key.startsWith("@@scroll|"),
  ),
  cookie: document.cookie,
})

/** Watches the tab for CSP violations and requests to another origin; `check` reads what a page left. */
async function watchPrivacy(context: BrowserContext, page: Page, origin: string) {
  const found: string[] = []
  let stored = false
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const store = window as unknown as { cspViolations?: string[] }
      ;(store.cspViolations ??= []).push(
        `${event.violatedDirective} blocked ${event.blockedURI || "inline"} ` +
          `(${event.sourceFile}:${event.lineNumber})`,
      )
    })
  })
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text()))
      found.push(`${page.url()}: console: ${message.text()}`)
  })
  page.on("request", (request) => {
    const url = new URL(request.url())
    if (url.protocol !== "data:" && url.protocol !== "blob:" && url.origin !== origin)
      found.push(`${page.url()}: asked another origin: ${request.url()}`)
  })
  /** Once the page has loaded what arrives late: its CSP violations and, until a first offence, what it stored. */
  async function check(path: string) {
    await page.waitForLoadState("networkidle")
    const violations = await page.evaluate(
      () => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [],
    )
    found.push(...violations.map((violation) => `${path}: ${violation}`))
    // Named once, at the page that stored it.
    if (stored) return
    const cookies = await context.cookies()
    if (cookies.length) found.push(`${path}: cookies ${cookies.map((c) => c.name).join(", ")}`)
    const kept = await page.evaluate(extraStorage)
    if (kept.cookie) found.push(`${path}: document.cookie ${kept.cookie}`)
    if (kept.local.length) found.push(`${path}: localStorage ${kept.local.join(", ")}`)
    if (kept.session.length) found.push(`${path}: sessionStorage ${kept.session.join(", ")}`)
    stored = cookies.length > 0 || !!kept.cookie || kept.local.length + kept.session.length > 0
  }
  return { found, check }
}

const notFound = (language: Language) =>
  language === "fr" ? ["/no-such-page", "/admin/login"] : [`/${language}/no-such-page`]

test.describe.configure({ mode: "parallel" })

for (const viewport of Object.keys(viewports) as (keyof typeof viewports)[]) {
  for (const language of languages) {
    test(`every public page in ${language}, ${viewport}: paints at once without an error; axe light and dark; no CSP violation, cookie or other origin; only the language, theme and visit source kept`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(300_000)
      const reducedMotion = viewport === "phone"
      const context = await openContext(browser, "system", viewport)
      const page = await context.newPage()
      const privacy = await watchPrivacy(context, page, new URL(baseURL!).origin)
      const failures: Record<string, string[]> = {}
      // A page that crashes after its first load (settling, turning dark) can end up empty, which
      // axe would call clean.
      page.on("pageerror", (error) =>
        (failures[page.url()] ??= []).push(`page error: ${error.message}`),
      )
      for (const path of pagesOf(language)) {
        await lightForNextLoad(page)
        const load = await fullLoad(page, path)
        expectGoodLoad(load)
        if (load.status !== 200) privacy.found.push(`${path}: answered ${load.status}`)
        await expect(page.locator("main h1")).toBeVisible()
        // Scrolling through runs the reveals and loads the motion features and the lazy parts.
        await settle(page, reducedMotion)
        await privacy.check(path)
        for (const theme of themes) {
          await systemTheme(page, theme)
          const violations = await axeViolations(page, rulesIn(theme))
          if (violations.length) failures[`${theme} ${path}`] = violations
        }
      }
      if (viewport === "desktop") {
        for (const path of notFound(language)) {
          await page.goto(path)
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
          await privacy.check(path)
        }
      }
      await context.close()
      expect(privacy.found, privacy.found.join("\n")).toEqual([])
      expect(Object.keys(failures), report(failures)).toEqual([])
    })
  }
}
