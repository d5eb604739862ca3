// A quote request in words, for people: the lead's text in the inbox, the team's mail, the CSV
// and the chats (in the site's default language), and the visitor's acknowledgement (in theirs).
// Numbers, prices and country names are formatted by Intl for the language.
import { fill, pickTexts } from "../../content-kit/copy"
import type { QuoteRecord } from "../../contract/quote"

const LABELS = [
  "summary.title",
  "summary.markets",
  "summary.audience",
  "summary.generalPopulation",
  "summary.incidence",
  "summary.length",
  "summary.completes",
  "summary.quotas",
  "summary.yes",
  "summary.no",
  "summary.fieldDays",
  "summary.market",
  "summary.total",
  "summary.days",
  "summary.noDays",
  "summary.minimum",
  "summary.range",
  "summary.row",
  "verdicts.feasible",
  "verdicts.tight",
  "verdicts.not_feasible",
] as const

/** The study, then one line per market and the total; `language` null is the site's default. */
export function quoteSummary(
  quote: QuoteRecord,
  contentDir: string,
  language: string | null,
): string {
  const t = pickTexts(contentDir, "estimate", language, LABELS)
  const locale = language ?? "fr"
  const { inputs, estimate } = quote
  const criterionNames = pickTexts(contentDir, "estimate", language, [
    ...(inputs.criteria ?? []).map((key) => `criteria.${key}`),
  ])
  const country = new Intl.DisplayNames([locale], { type: "region" })
  const number = new Intl.NumberFormat(locale)
  const money = (digits: number) =>
    new Intl.NumberFormat(locale, {
      style: "currency",
      currency: estimate.currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    })
  const range = (value: { low: number; high: number }, digits: number) =>
    fill(t["summary.range"], {
      low: money(digits).format(value.low),
      high: money(digits).format(value.high),
    })
  const days = (count: number | null) =>
    count === null ? t["summary.noDays"] : fill(t["summary.days"], { count: number.format(count) })
  const criteria = inputs.criteria ?? []
  const rows: [string, string][] = [
    [t["summary.markets"], inputs.markets.map((code) => country.of(code) ?? code).join(", ")],
    [
      t["summary.audience"],
      criteria.length === 0
        ? t["summary.generalPopulation"]
        : criteria.map((key) => criterionNames[`criteria.${key}`]).join(", "),
    ],
    [t["summary.incidence"], `${number.format(inputs.incidence)} %`],
    [t["summary.length"], `${number.format(inputs.lengthMinutes)} min`],
    [t["summary.completes"], number.format(inputs.completesPerMarket)],
    [t["summary.quotas"], inputs.quotas ? t["summary.yes"] : t["summary.no"]],
    [t["summary.fieldDays"], number.format(inputs.fieldDays)],
  ]
  const markets = estimate.markets.map((market) =>
    fill(t["summary.market"], {
      market: country.of(market.market) ?? market.market,
      verdict: t[`verdicts.${market.verdict}`],
      cpi: range(market.cpi, 2),
      price: range(market.price, 0),
      days: days(market.daysInField),
    }),
  )
  const total = estimate.total
  const totalLine = fill(t["summary.total"], {
    verdict: t[`verdicts.${total.verdict}`],
    completes: number.format(total.completes),
    price: range(total.price, 0),
    days: days(total.daysInField),
  })
  return [
    fill(t["summary.title"], { version: quote.rateCardVersion }),
    "",
    ...rows.map(([label, value]) => fill(t["summary.row"], { label, value })),
    "",
    ...markets.map((line) => `- ${line}`),
    total.minimumApplied ? `${totalLine} ${t["summary.minimum"]}` : totalLine,
  ].join("\n")
}
