// A full page load, the way a person loads a page (an address typed, a bookmark, a reload),
// measured from the first byte on, without waiting for hydration: the page must paint something
// contentful (Paint Timing's first-contentful-paint), raise no page error, log no console error,
// and still show its content once its scripts have run (a hydration error can wipe a page that
// painted). Used by the page walk (every public page) and first-load.spec.ts (the admin's routes,
// both spellings of an address).
import { expect, type ConsoleMessage, type Page } from "@playwright/test"

const PAINT_TIMEOUT_MS = 5_000

export type Load = {
  path: string
  status: number | null
  firstContentfulPaint: number | null
  errors: string[]
  textAfterScripts: number
}

/**
 * The console errors a full load may log: an admin screen asks for the session, and the server
 * answers 401 when there is none.
 */
const expectedConsoleError = (text: string, url: string) =>
  /\/api\/admin\/session$/.test(url) && /status of 401/.test(text)

/** The first contentful paint's time in the tab, or null when none comes within the timeout. */
const paint = (tab: Page) =>
  tab
    .waitForFunction(
      () => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
      null,
      { timeout: PAINT_TIMEOUT_MS, polling: 50 },
    )
    .then((handle) => handle.jsonValue() as Promise<number>)
    .catch(() => null)

export async function fullLoad(page: Page, path: string): Promise<Load> {
  const errors: string[] = []
  const onPageError = (error: Error) => errors.push(`pageerror: ${error.message}`)
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === "error" && !expectedConsoleError(message.text(), message.location().url))
      errors.push(`console: ${message.text()}`)
  }
  page.on("pageerror", onPageError)
  page.on("console", onConsole)
  try {
    // The HTML parsed, no more: the bundles are not awaited (they load after the first paint).
    const response = await page.goto(path, { waitUntil: "domcontentloaded" })
    // Chromium now and then reports no paint entry for navigations of a reused tab (seen in
    // about 1 of 250 loads, twice in a row once, on pages that paint at 150 ms otherwise): a
    // page counts as blank only when a full load in a new tab reports none either. The blank
    // admin of old never painted at all, so it would still fail.
    let firstContentfulPaint = await paint(page)
    if (firstContentfulPaint === null) {
      const fresh = await page.context().newPage()
      try {
        await fresh.goto(path, { waitUntil: "domcontentloaded" })
        firstContentfulPaint = await paint(fresh)
      } finally {
        await fresh.close()
      }
    }
    // Then let the scripts run: hydration errors show up here, and a wiped page has no text.
    // (Generous: this checks that hydration ends, not how fast; on a loaded CI machine a phone
    // page with reduced motion once took over 7 s.)
    await page.locator("body[data-hydrated]").waitFor({ state: "attached", timeout: 20_000 })
    await page.waitForTimeout(150)
    const textAfterScripts = await page.evaluate(() => document.body.innerText.trim().length)
    return {
      path,
      status: response?.status() ?? null,
      firstContentfulPaint,
      errors,
      textAfterScripts,
    }
  } finally {
    page.off("pageerror", onPageError)
    page.off("console", onConsole)
  }
}

export function expectGoodLoad(load: Load) {
  expect
    .soft(
      load.firstContentfulPaint,
      `${load.path}: no contentful paint within ${PAINT_TIMEOUT_MS} ms`,
    )
    .not.toBeNull()
  expect.soft(load.errors, `${load.path}: errors on a full load`).toEqual([])
  expect.soft(load.textAfterScripts, `${load.path}: blank once its scripts ran`).toBeGreaterThan(0)
}
