import React, { useState } from "react"
import { useTranslation } from "react-i18next"
import { getSourceCounts, SOURCE_PERIODS, type SourceCounts } from "../client/admin-client"
import { useLoad } from "../hooks/use-load"
import { Loading, LoadError, panel } from "../ui/admin-ui"

type Period = (typeof SOURCE_PERIODS)[number]

function CountTable({
  id,
  caption,
  rows,
  other,
  none,
}: {
  id: string
  caption: string
  rows: SourceCounts["bySource"]
  other: number
  none: string
}) {
  const { t } = useTranslation("admin")
  return (
    <table className="w-full text-left text-sm" data-testid={id}>
      <caption className="mb-2 text-left font-semibold">{caption}</caption>
      <thead className="border-b border-slate-200 text-slate-600 dark:border-slate-800 dark:text-slate-400">
        <tr>
          <th scope="col" className="py-1.5 pr-3 font-medium">
            {t("sources.name")}
          </th>
          <th scope="col" className="w-24 py-1.5 text-right font-medium">
            {t("sources.count")}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && (
          <tr>
            <td colSpan={2} className="py-2 text-slate-600 dark:text-slate-400">
              {t("sources.empty")}
            </td>
          </tr>
        )}
        {rows.map((row) => (
          <tr
            key={row.name ?? ""}
            className="border-b border-slate-100 last:border-b-0 dark:border-slate-800"
          >
            <th scope="row" className="break-all py-1.5 pr-3 font-medium">
              {row.name ?? (
                <span className="italic text-slate-600 dark:text-slate-400">{none}</span>
              )}
            </th>
            <td className="py-1.5 text-right tabular-nums">{row.count}</td>
          </tr>
        ))}
        {other > 0 && (
          <tr>
            <th scope="row" className="py-1.5 pr-3 font-normal italic">
              {t("sources.other")}
            </th>
            <td className="py-1.5 text-right tabular-nums">{other}</td>
          </tr>
        )}
      </tbody>
    </table>
  )
}

/** Messages per source (utm_source, else the referring site) and per campaign over the last 7, 30 or 90 days. */
export function LeadSourcesPanel() {
  const { t } = useTranslation("admin")
  const [days, setDays] = useState<Period>(30)
  const counts = useLoad(() => getSourceCounts(days), String(days))

  return (
    <section aria-labelledby="sources-title" className={`${panel} p-4 sm:p-6`}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="sources-title" className="text-lg font-semibold">
          {t("sources.title")}
        </h2>
        <fieldset className="flex gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
          <legend className="sr-only">{t("sources.period")}</legend>
          {SOURCE_PERIODS.map((period) => (
            <label
              key={period}
              className="cursor-pointer rounded-md px-3 py-1 text-sm font-medium text-slate-700 has-[:checked]:bg-white has-[:checked]:text-slate-950 has-[:checked]:shadow-sm has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 dark:text-slate-200 dark:has-[:checked]:bg-slate-950 dark:has-[:checked]:text-white"
            >
              <input
                type="radio"
                name="sources-period"
                value={period}
                checked={days === period}
                onChange={() => setDays(period)}
                className="sr-only"
              />
              {t("sources.days", { count: period })}
            </label>
          ))}
        </fieldset>
      </div>
      {!counts.data && (counts.failed ? <LoadError onRetry={counts.reload} /> : <Loading />)}
      {counts.data && (
        <>
          <p className="mb-4 text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            {t("sources.total", { count: counts.data.total, days: counts.data.days })}
          </p>
          <div className="grid gap-6 md:grid-cols-2">
            <CountTable
              id="sources-by-source"
              caption={t("sources.bySource")}
              rows={counts.data.bySource}
              other={counts.data.otherSources}
              none={t("sources.direct")}
            />
            <CountTable
              id="sources-by-campaign"
              caption={t("sources.byCampaign")}
              rows={counts.data.byCampaign}
              other={counts.data.otherCampaigns}
              none={t("sources.noCampaign")}
            />
          </div>
        </>
      )}
    </section>
  )
}
