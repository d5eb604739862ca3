// The panel study estimate page (issue 50, docs/ESTIMATES.md): the estimate computed as the
// visitor types, the quote request sent from it and read in the admin inbox with the figures
// and the rate card version, the same form posted without JavaScript, axe in both themes.
import fs from "node:fs"
import path from "node:path"
import { expect, request as playwrightRequest, test, type Page } from "@playwright/test"
import { rateCardVersion } from "../../content-kit/estimate/rate-card-version"
import { buildOnlyRoutes } from "../../content-kit/page-routes"
import type { RateCard } from "../../content-kit/schema/rate-card"
import { baseURL } from "../../playwright.config"
import { QUOTE_SENT_PAGE } from "../../server/routes/quote"
import { localizePath, type Language } from "../../src/i18n/languages"
import { copy } from "../../src/test/copy"
import { apiSignIn, newOwner, signIn, uniqueTag } from "./admin-helpers"
import { axeViolations, rulesIn, useAxe } from "./axe"
import { HUMAN_FILL_MS, openReady } from "./pages"
import { lightForNextLoad, systemTheme, themes } from "./visitor-context"

const card = JSON.parse(
  fs.readFileSync(path.resolve(__dirname, "../../content/rate-card.json"), "utf8"),
) as RateCard
const languages: Language[] = ["fr", "en", "de"]
const estimatePage = (language: Language) =>
  localizePath(buildOnlyRoutes.panelEstimate.path, language)
const label = (language: Language, field: string) =>
  copy(language, `estimate:fields.${field}.label`)

/** The quote's lead as the admin API gives it, found by the visitor's name. */
async function storedQuote(name: string) {
  const api = await playwrightRequest.newContext({ baseURL })
  try {
    await apiSignIn(api)
    const list = await api.get(`/api/admin/messages?q=${encodeURIComponent(name)}`)
    const [item] = ((await list.json()) as { items: { id: string }[] }).items
    expect(item).toBeDefined()
    const message = await api.get(`/api/admin/messages/${item.id}`)
    return (await message.json()) as {
      id: string
      kind: string
      spamReason: string | null
      quote: {
        inputs: { markets: string[]; completesPerMarket: number }
        estimate: { total: { verdict: string; price: { low: number; high: number } } }
        rateCardVersion: string
      }
    }
  } finally {
    await api.dispose()
  }
}

async function fillSender(page: Page, language: Language, name: string) {
  // Within the quote form: the contact band below has fields of the same names.
  const form = page.locator('form[data-form="quote"]')
  await form.getByLabel(copy(language, "estimate:quote.name"), { exact: true }).fill(name)
  await form
    .getByLabel(copy(language, "estimate:quote.email"), { exact: true })
    .fill(`${name.toLowerCase()}@example.com`)
  await form
    .getByLabel(new RegExp(`^${copy(language, "estimate:quote.company")}`))
    .fill("Example Research")
}

for (const language of languages) {
  test(`${language}: the estimate follows the study, and its quote reaches the inbox with its figures`, async ({
    page,
    browser,
  }) => {
    const errors: string[] = []
    page.on("pageerror", (error) => errors.push(error.message))
    await openReady(page, estimatePage(language))
    const total = page.getByTestId("estimate-total-verdict")
    await expect(total).toHaveAttribute("data-verdict", "feasible")
    await expect(page.getByTestId("estimate-total-price")).not.toHaveText("")
    await page
      .getByRole("checkbox", {
        name: new Intl.DisplayNames([language], { type: "region" }).of("SA"),
      })
      .check()
    await expect(page.getByTestId("estimate-SA")).toBeVisible()
    const completes = page.getByLabel(new RegExp(`^${label(language, "completesPerMarket")}`))
    // Far beyond what the panel of any market holds.
    await completes.fill("900000")
    await expect(total).toHaveAttribute("data-verdict", "not_feasible")
    await expect(page.getByTestId("suggestions")).toBeVisible()
    await completes.fill("300")
    await expect(total).toHaveAttribute("data-verdict", "feasible")
    await expect(page).toHaveURL(/completesPerMarket=300/)
    const shownPrice = await page.getByTestId("estimate-total-price").textContent()
    const version = await rateCardVersion(card)
    await expect(page.getByTestId("rate-card-version")).toContainText(version)

    const name = uniqueTag("Quote")
    await fillSender(page, language, name)
    await page.waitForTimeout(HUMAN_FILL_MS)
    await page.getByRole("button", { name: copy(language, "estimate:quote.send") }).click()
    await expect(page.getByTestId("quote-sent")).toBeVisible()
    expect(errors).toEqual([])

    const stored = await storedQuote(name)
    expect(stored.kind).toBe("quote")
    expect(stored.spamReason).toBeNull()
    expect(stored.quote.rateCardVersion).toBe(version)
    expect(stored.quote.inputs).toMatchObject({ markets: ["AE", "SA"], completesPerMarket: 300 })
    const money = new Intl.NumberFormat(language, {
      style: "currency",
      currency: card.currency,
      maximumFractionDigits: 0,
    })
    const { low, high } = stored.quote.estimate.total.price
    expect(shownPrice).toBe(`${money.format(low)} – ${money.format(high)}`)

    // The team finds it in its inbox, signed in with an account of its own, with the figures.
    const deskContext = await browser.newContext()
    await useAxe(deskContext)
    const desk = await deskContext.newPage()
    await signIn(desk, `/admin/messages/${stored.id}`, await newOwner())
    await expect(desk.getByText(version).first()).toBeVisible()
    // The study as a table: a row per market and the total.
    await expect(desk.getByTestId("quote").getByRole("table").first()).toBeVisible()
    expect(await desk.getByTestId("quote").getByRole("row").count()).toBeGreaterThan(2)
    expect(await axeViolations(desk, "all"), "the quote's message page").toEqual([])
    await deskContext.close()
  })
}

test.describe("JavaScript off", () => {
  test.use({ javaScriptEnabled: false })

  for (const language of languages) {
    test(`${language}: the form is posted, lands on the result page and the quote is stored`, async ({
      page,
    }) => {
      await page.goto(estimatePage(language))
      await expect(page.locator('form[data-form="quote"][method="post"]')).toHaveAttribute(
        "action",
        /\/api\/quote$/,
      )
      await page
        .getByRole("checkbox", {
          name: new Intl.DisplayNames([language], { type: "region" }).of("EG"),
        })
        .check()
      await page.getByLabel(new RegExp(`^${label(language, "completesPerMarket")}`)).fill("250")
      const name = uniqueTag("NoJs")
      await fillSender(page, language, name)
      await page.waitForTimeout(HUMAN_FILL_MS)
      await page.getByRole("button", { name: copy(language, "estimate:quote.send") }).click()
      await expect(page).toHaveURL(
        new RegExp(`${localizePath(QUOTE_SENT_PAGE, language).replace("&", "(&|%26)")}$`),
      )
      await expect(page.getByTestId("form-result-quote-sent")).toBeVisible()
      await expect(
        page.getByRole("heading", { level: 1, name: copy(language, "quote-sent:title") }),
      ).toBeVisible()
      const stored = await storedQuote(name)
      expect(stored.kind).toBe("quote")
      expect(stored.quote.inputs).toMatchObject({ markets: ["AE", "EG"], completesPerMarket: 250 })
    })
  }

  test("a refused post comes back with the markets the visitor chose, ticked", async ({ page }) => {
    await page.goto(estimatePage("de"))
    const market = (code: string) =>
      page.getByRole("checkbox", {
        name: new Intl.DisplayNames(["de"], { type: "region" }).of(code),
      })
    await expect(market("AE")).toBeChecked()
    await market("AE").uncheck()
    await market("EG").check()
    await market("SA").check()
    const name = uniqueTag("NoJsRefused")
    await fillSender(page, "de", name)
    // Spaces pass the browser's `required` check; the server trims them and refuses the name.
    await page
      .locator('form[data-form="quote"]')
      .getByLabel(copy("de", "estimate:quote.name"), { exact: true })
      .fill("   ")
    await page.getByRole("button", { name: copy("de", "estimate:quote.send") }).click()
    await expect(
      page.getByRole("alert").filter({ hasText: copy("de", "common:formErrors.invalid") }),
    ).toBeVisible()
    await expect(market("AE")).not.toBeChecked()
    await expect(market("EG")).toBeChecked()
    await expect(market("SA")).toBeChecked()
    await expect(
      page
        .locator('form[data-form="quote"]')
        .getByLabel(copy("de", "estimate:quote.email"), { exact: true }),
    ).toHaveValue(`${name.toLowerCase()}@example.com`)
  })

  test("the first paint holds the real form and the default estimate", async ({ page }) => {
    await page.goto(estimatePage("en"))
    await expect(page.getByTestId("estimate-total-verdict")).toHaveAttribute(
      "data-verdict",
      "feasible",
    )
    await expect(
      page.getByRole("button", { name: copy("en", "estimate:quote.send") }),
    ).toBeVisible()
  })
})

test("axe finds nothing on the estimate page, light then dark", async ({ page, context }) => {
  await context.addInitScript(() => localStorage.setItem("theme", "system"))
  await useAxe(context)
  await lightForNextLoad(page)
  await openReady(page, estimatePage("en"))
  await page.getByLabel(new RegExp(`^${label("en", "completesPerMarket")}`)).fill("900000")
  await expect(page.getByTestId("suggestions")).toBeVisible()
  for (const theme of themes) {
    await systemTheme(page, theme)
    expect(await axeViolations(page, rulesIn(theme)), theme).toEqual([])
  }
})
