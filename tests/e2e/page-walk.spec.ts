// One walk per language through every public page (the route table and every blog post),
// checking on each what the browser alone can see:
// - the Content-Security-Policy: the browser reports no violation (headers.spec.ts checks the
//   headers and the inline scripts' hashes);
// - privacy: the policy says no cookie banner is needed because a visitor gets no cookie and no
//   tracker, so no page sets a cookie, asks another origin or keeps more than the language, the
//   theme and the visit source.
// One tab walks the pages one after the other, as a visitor does: what a page stores stays for the
// next, so each check after a page sees everything stored so far, and the first page that
// stores something it should not is the one named.
import { expect, test } from "@playwright/test"
import { languages } from "../../src/i18n/languages"
import { pagesOf } from "./all-pages"

/** What the page keeps beyond the language and the theme (local) and the visit source (tab). */
const extraStorage = () => ({
  local: Object.keys(window.localStorage).filter((key) => key !== "language" && key !== "theme"),
  // Beside the visit source, only Gatsby's scroll positions ("@@scroll|<path>|<key>").
  session: Object.keys(window.sessionStorage).filter(
    (key) => key !== "leadSource" && !key.startsWith("@@scroll|"),
  ),
  cookie: document.cookie,
})

for (const language of languages) {
  test(`every public page in ${language}: no CSP violation, no cookie, no other origin, only the language, theme and visit source kept`, async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(240_000)
    const found: string[] = []
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
    const origin = new URL(baseURL!).origin
    page.on("request", (request) => {
      const url = new URL(request.url())
      if (url.protocol !== "data:" && url.protocol !== "blob:" && url.origin !== origin)
        found.push(`${page.url()}: asked another origin: ${request.url()}`)
    })

    const extra =
      language === "fr" ? ["/no-such-page", "/admin/login"] : [`/${language}/no-such-page`]
    for (const path of [...pagesOf(language), ...extra]) {
      const response = await page.goto(path)
      if (!extra.includes(path) && response?.status() !== 200)
        found.push(`${path}: answered ${response?.status()}`)
      // Scrolling loads the motion features, the lazy parts and anything else that arrives late.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
      await page.waitForLoadState("networkidle")
      const violations = await page.evaluate(
        () => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [],
      )
      found.push(...violations.map((violation) => `${path}: ${violation}`))
      const cookies = await context.cookies()
      if (cookies.length) found.push(`${path}: cookies ${cookies.map((c) => c.name).join(", ")}`)
      const stored = await page.evaluate(extraStorage)
      if (stored.cookie) found.push(`${path}: document.cookie ${stored.cookie}`)
      if (stored.local.length) found.push(`${path}: localStorage ${stored.local.join(", ")}`)
      if (stored.session.length) found.push(`${path}: sessionStorage ${stored.session.join(", ")}`)
      // Named once, at the page that stored it.
      if (cookies.length || stored.cookie || stored.local.length || stored.session.length) break
    }
    expect(found, found.join("\n")).toEqual([])
  })
}
