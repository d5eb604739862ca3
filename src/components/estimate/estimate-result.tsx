import React from "react"
import { useTranslation } from "react-i18next"
import type { MarketEstimate, PanelEstimate, Verdict } from "../../../content-kit/estimate/panel"
import { useLanguage } from "../../i18n/language-context"
import { formatNumber } from "../calculators/typed-number"
import { cn } from "../ui/cn"
import { formatRange, marketName } from "./format"

const verdictTone: Record<Verdict, string> = {
  feasible: "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200",
  tight: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  not_feasible: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
}

function VerdictBadge({ verdict, testId }: { verdict: Verdict; testId: string }) {
  const { t } = useTranslation("estimate")
  return (
    <span
      data-testid={testId}
      data-verdict={verdict}
      className={cn("rounded-full px-2.5 py-0.5 text-sm font-semibold", verdictTone[verdict])}
    >
      {t(`verdicts.${verdict}`)}
    </span>
  )
}

type Figures = { verdict: Verdict; price: MarketEstimate["price"]; daysInField: number | null }

/** One block of figures: a market's, or the total's. */
function FigureList({
  title,
  figures,
  cpi,
  currency,
  testId,
}: {
  title: string
  figures: Figures
  cpi?: MarketEstimate["cpi"]
  currency: string
  testId: string
}) {
  const { t } = useTranslation("estimate")
  const { language } = useLanguage()
  const row = "flex flex-wrap justify-between gap-x-4 py-1"
  return (
    <div data-testid={testId}>
      <h3 className="flex flex-wrap items-center justify-between gap-2 text-lg font-semibold">
        {title}
        <VerdictBadge verdict={figures.verdict} testId={`${testId}-verdict`} />
      </h3>
      <dl className="mt-2 text-sm">
        {cpi && (
          <div className={row}>
            <dt className="text-slate-700 dark:text-slate-300">{t("result.cpi")}</dt>
            <dd className="font-medium">{formatRange(language, currency, cpi, 2)}</dd>
          </div>
        )}
        <div className={row}>
          <dt className="text-slate-700 dark:text-slate-300">{t("result.price")}</dt>
          <dd className="font-medium" data-testid={`${testId}-price`}>
            {formatRange(language, currency, figures.price)}
          </dd>
        </div>
        <div className={row}>
          <dt className="text-slate-700 dark:text-slate-300">{t("result.days")}</dt>
          <dd className="font-medium">
            {figures.daysInField === null
              ? t("summary.noDays")
              : formatNumber(language, figures.daysInField)}
          </dd>
        </div>
      </dl>
    </div>
  )
}

/** What would make the study feasible: the estimate's own suggestions, for the whole study. */
function Suggestions({ estimate, fieldDays }: { estimate: PanelEstimate; fieldDays: number }) {
  const { t } = useTranslation("estimate")
  const { language } = useLanguage()
  const { maxCompletesPerMarket, fieldDays: days, dropCriterion } = estimate.total.suggestions
  if (estimate.total.verdict === "feasible") return null
  const items = [
    maxCompletesPerMarket !== undefined &&
      t("suggestions.maxCompletes", {
        completes: formatNumber(language, maxCompletesPerMarket),
        days: formatNumber(language, fieldDays),
      }),
    days !== undefined && t("suggestions.fieldDays", { days: formatNumber(language, days) }),
    dropCriterion &&
      t("suggestions.dropCriterion", {
        criterion: t(`criteria.${dropCriterion.criterion}`),
        verdict: t(`verdicts.${dropCriterion.verdict}`),
      }),
  ].filter((item): item is string => Boolean(item))
  return (
    <div className="mt-6" data-testid="suggestions">
      <h3 className="text-lg font-semibold">{t("suggestions.title")}</h3>
      {items.length > 0 ? (
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm">{t("suggestions.none")}</p>
      )}
    </div>
  )
}

type Props = { estimate: PanelEstimate | undefined; fieldDays: number; version: string }

/** The indicative estimate, per market and in total, read out when it changes. */
export function EstimateResult({ estimate, fieldDays, version }: Props) {
  const { t } = useTranslation("estimate")
  const { language } = useLanguage()
  return (
    <output aria-live="polite" className="block space-y-5" data-testid="estimate">
      {estimate ? (
        <>
          <div className="rounded-xl bg-brand-50 p-5 dark:bg-slate-800">
            <FigureList
              title={t("result.total", {
                completes: formatNumber(language, estimate.total.completes),
              })}
              figures={estimate.total}
              currency={estimate.currency}
              testId="estimate-total"
            />
            {estimate.total.minimumApplied && (
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
                {t("summary.minimum")}
              </p>
            )}
            <Suggestions estimate={estimate} fieldDays={fieldDays} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {estimate.markets.map((market) => (
              <div
                key={market.market}
                className="rounded-xl border border-slate-200 p-4 dark:border-slate-700"
              >
                <FigureList
                  title={marketName(language, market.market)}
                  figures={market}
                  cpi={market.cpi}
                  currency={estimate.currency}
                  testId={`estimate-${market.market}`}
                />
              </div>
            ))}
          </div>
        </>
      ) : (
        <p className="rounded-xl bg-brand-50 p-5 dark:bg-slate-800">{t("result.refused")}</p>
      )}
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {t("result.indicative")}{" "}
        <span data-testid="rate-card-version">{t("result.version", { version })}</span>
      </p>
    </output>
  )
}
