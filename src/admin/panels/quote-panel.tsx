import React from "react"
import { useTranslation } from "react-i18next"
import type { QuoteRecord } from "../../../contract/quote"
import { Panel } from "../../components/ui/panel"
import { Table, TableRow } from "../../components/ui/table"
import { useLanguage } from "../../i18n/language-context"

type Range = { low: number; high: number }

const cell = "py-2 pr-3"
const figure = "whitespace-nowrap py-2 pr-3 text-right tabular-nums"

/**
 * A quote request's study as the server recorded it (docs/ESTIMATES.md, "Quote requests"): the
 * inputs, then per market and in total the feasibility, cost per complete, price and days in
 * field, with the rate card's version. Numbers and prices in the admin's language.
 */
export function QuotePanel({ quote }: { quote: QuoteRecord }) {
  const { t } = useTranslation("admin")
  const { language } = useLanguage()
  const { inputs, estimate, rateCardVersion } = quote
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 1 })
  const money = new Intl.NumberFormat(language, {
    style: "currency",
    currency: estimate.currency,
    maximumFractionDigits: 2,
  })
  const regions = new Intl.DisplayNames(language, { type: "region", fallback: "code" })
  const market = (code: string) => regions.of(code) ?? code
  const range = ({ low, high }: Range) =>
    t("quote.range", { low: money.format(low), high: money.format(high) })
  const days = (value: number | null) =>
    value === null
      ? t("quote.noDays")
      : t("quote.days", { count: value, value: number.format(value) })
  const verdict = (value: string) => t(`quote.verdicts.${value}`)

  const study: [string, string][] = [
    ["markets", inputs.markets.map(market).join(", ")],
    [
      "criteria",
      inputs.criteria && inputs.criteria.length > 0
        ? inputs.criteria.join(", ")
        : t("quote.generalPopulation"),
    ],
    ["incidence", t("quote.percent", { value: number.format(inputs.incidence) })],
    ["lengthMinutes", t("quote.minutes", { value: number.format(inputs.lengthMinutes) })],
    ["completesPerMarket", number.format(inputs.completesPerMarket)],
    ["quotas", t(inputs.quotas ? "quote.yes" : "quote.no")],
    ["fieldDays", days(inputs.fieldDays)],
  ]
  const columns = [
    { label: t("quote.columns.market") },
    { label: t("quote.columns.verdict") },
    { label: t("quote.columns.completes"), className: "text-right" },
    { label: t("quote.columns.cpi"), className: "text-right" },
    { label: t("quote.columns.price"), className: "text-right" },
    { label: t("quote.columns.daysInField"), className: "text-right" },
  ]

  return (
    <Panel
      id="message-quote"
      heading="label"
      title={t("quote.title")}
      lead={t("quote.indicative")}
      className="lg:col-span-2"
      data-testid="quote"
    >
      <dl className="mb-4 grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
        {study.map(([key, value]) => (
          <div key={key}>
            <dt className="text-slate-600 dark:text-slate-400">{t(`quote.inputs.${key}`)}</dt>
            <dd className="mt-0.5 break-words font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="overflow-x-auto">
        <Table aria-labelledby="message-quote-title" columns={columns}>
          {estimate.markets.map((row) => (
            <TableRow key={row.market}>
              <th scope="row" className={`${cell} font-medium`}>
                {market(row.market)}
              </th>
              <td className={cell}>{verdict(row.verdict)}</td>
              <td className={figure}>{number.format(inputs.completesPerMarket)}</td>
              <td className={figure}>{range(row.cpi)}</td>
              <td className={figure}>{range(row.price)}</td>
              <td className={figure}>{days(row.daysInField)}</td>
            </TableRow>
          ))}
          <TableRow className="font-semibold">
            <th scope="row" className={cell}>
              {t("quote.total")}
            </th>
            <td className={cell}>{verdict(estimate.total.verdict)}</td>
            <td className={figure}>{number.format(estimate.total.completes)}</td>
            <td className={figure}>{t("common.none")}</td>
            <td className={figure}>{range(estimate.total.price)}</td>
            <td className={figure}>{days(estimate.total.daysInField)}</td>
          </TableRow>
        </Table>
      </div>
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
        {estimate.total.minimumApplied && `${t("quote.minimumApplied")} `}
        {t("quote.rateCardVersion", { version: rateCardVersion })}
      </p>
    </Panel>
  )
}
