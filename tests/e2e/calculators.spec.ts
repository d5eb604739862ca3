// The research calculators (docs/ESTIMATES.md) in every language: live with JavaScript, their
// inputs kept in the address; without it, the table of common cases worked out at build time.
import { expect, test, type Page } from "@playwright/test"
import { routes } from "../../content-kit/routes"
import { languages, localizePath, type Language } from "../../src/i18n/languages"
import { copy, copyPattern } from "../../src/test/copy"
import { axeViolations, rulesIn, useAxe } from "./axe"
import { openReady, siteUrl } from "./pages"
import { lightForNextLoad, systemTheme, themes } from "./visitor-context"

const phone = { width: 390, height: 844 }

const number = (language: Language, value: number, digits = 0) =>
  new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value)
const percent = (language: Language, share: number) =>
  new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 1 }).format(share)
// Intl's group and percent spaces are no-break ones; compare them as spaces.
const spaced = (text: string) => text.replace(/\s/g, " ")

type Case = {
  key: "sampleSize" | "marginOfError" | "nps"
  /** A field to type into, the answer expected then, and the query that keeps it. */
  field: string
  typed: string
  answer: (language: Language) => string
  query: Record<string, string>
  /** The tables of common cases, and one figure they show. */
  tables: number
  cell: (language: Language) => string
}

const cases: Case[] = [
  {
    key: "sampleSize",
    field: "margin",
    typed: "3",
    answer: (language) => number(language, 1068),
    query: { margin: "3", confidence: "95" },
    tables: 4,
    cell: (language) => number(language, 385),
  },
  {
    key: "marginOfError",
    field: "sample",
    typed: "1000",
    // 1.96 × √(0.25 / 1,000) = 3.1 %
    answer: (language) => `± ${percent(language, 0.031)}`,
    query: { sample: "1000" },
    tables: 4,
    cell: (language) => `± ${percent(language, 0.049)}`,
  },
  {
    key: "nps",
    field: "detractors",
    typed: "50",
    // 50 - 50 of 130 answers: 0 ± 1.96 × √((100 / 130) / 130) × 100 = 15.1
    answer: (language) => `0 ± ${number(language, 15.1, 1)}`,
    query: { detractors: "50" },
    tables: 1,
    cell: (language) => `± ${number(language, 15.3, 1)}`,
  },
]

const fieldOf = (page: Page, language: Language, name: string) =>
  page.getByRole("textbox", { name: copyPattern(language, `calculators:fields.${name}.label`) })
const resultOf = async (page: Page) => spaced((await page.getByTestId("result").textContent())!)

/** Page errors and console errors while the page loads in full and hydrates. */
function watchErrors(page: Page): string[] {
  const errors: string[] = []
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`))
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`)
  })
  return errors
}

test.describe("with JavaScript", () => {
  test.use({ viewport: phone, isMobile: true, hasTouch: true })

  for (const { key, field, typed, answer, query } of cases)
    for (const language of languages) {
      test(`${key} in ${language} answers live, keeps its inputs in the address, and reloads them`, async ({
        page,
      }) => {
        const errors = watchErrors(page)
        const path = localizePath(routes[key].path, language)
        await openReady(page, path)
        await fieldOf(page, language, field).fill(typed)
        await expect.poll(() => resultOf(page)).toBe(spaced(answer(language)))
        const url = new URL(page.url())
        expect(url.pathname).toBe(path)
        for (const [name, value] of Object.entries(query))
          expect(url.searchParams.get(name)).toBe(value)
        await page.reload()
        await page.locator("body[data-hydrated]").waitFor({ state: "attached" })
        await expect(fieldOf(page, language, field)).toHaveValue(typed)
        await expect.poll(() => resultOf(page)).toBe(spaced(answer(language)))
        expect(errors).toEqual([])
      })
    }

  test("a margin of 0 is refused next to the field, and a shared link opens on its result", async ({
    page,
  }) => {
    await openReady(page, "/en/ressources/taille-echantillon?margin=2&population=10000")
    await expect.poll(() => resultOf(page)).toBe(number("en", 1937))
    const margin = fieldOf(page, "en", "margin")
    await margin.fill("0")
    await expect(margin).toHaveAttribute("aria-invalid", "true")
    const message = page.locator(`[id="${await margin.getAttribute("aria-describedby")}"]`)
    await expect(message).toHaveText(copy("en", "calculators:errors.margin_out_of_range"))
    expect(await resultOf(page)).toBe("–")
  })

  for (const language of languages)
    test(`axe finds nothing on the calculators in ${language} at 390 px, light and dark`, async ({
      page,
    }) => {
      test.setTimeout(120_000)
      await page.addInitScript(() => localStorage.setItem("theme", "system"))
      await useAxe(page.context())
      for (const { key } of cases) {
        await lightForNextLoad(page)
        await openReady(page, localizePath(routes[key].path, language))
        // A refused field is part of what the page shows.
        await page.getByRole("textbox").first().fill("-1")
        for (const theme of themes) {
          await systemTheme(page, theme)
          const violations = await axeViolations(page, rulesIn(theme))
          expect.soft(violations, `${key} in ${language}, ${theme}`).toEqual([])
        }
        const width = await page.evaluate(() => document.documentElement.scrollWidth)
        expect.soft(width, `${key} in ${language} scrolls sideways`).toBeLessThanOrEqual(390)
      }
    })
})

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: phone })

  for (const { key, tables, cell } of cases)
    for (const language of languages) {
      test(`${key} in ${language} shows the table of common cases`, async ({ page }) => {
        const errors = watchErrors(page)
        await page.goto(localizePath(routes[key].path, language))
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible()
        await expect(page.getByRole("table")).toHaveCount(tables)
        const figures = (
          await page.getByRole("table").first().getByRole("cell").allTextContents()
        ).map(spaced)
        expect(figures).toContain(spaced(cell(language)))
        // Playwright's text locators skip <noscript>: the note is read from the laid-out page.
        const note = await page
          .locator("main noscript > p")
          .evaluate((element) => [element.textContent, element.getBoundingClientRect().height])
        expect(note[0]).toBe(copy(language, "calculators:noScript"))
        expect(note[1]).toBeGreaterThan(0)
        expect(errors).toEqual([])
      })
    }
})

test("the sitemap lists the calculators in every language", async ({ request }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text()
  for (const { key } of cases)
    for (const language of languages)
      expect(sitemap).toContain(`<loc>${siteUrl}${localizePath(routes[key].path, language)}</loc>`)
})

test("the Resources menu and the product pages link to the calculators", async ({ page }) => {
  await page.goto("/en/produit/creaform")
  await expect(page.locator(`main a[href="/en${routes.nps.path}"]`)).toHaveCount(1)
  await page.goto("/produit/click&win")
  await expect(page.locator(`main a[href="${routes.sampleSize.path}"]`)).toHaveCount(1)
  for (const { key } of cases)
    await expect(page.locator(`header a[href="${routes[key].path}"]`).first()).toBeAttached()
})
