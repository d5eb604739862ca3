import React, { useState } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button"
import { cn } from "../../components/ui/cn"
import { Panel, panelBox } from "../../components/ui/panel"
import { useLanguage } from "../../i18n/language-context"
import { languageNames, languages } from "../../i18n/languages"
import {
  call,
  endpoints,
  type AudienceParams,
  type AudienceReportPayload,
} from "../client/admin-client"
import { useLoad } from "../hooks/use-load"
import { AudienceTable } from "../panels/audience-table"
import { Loaded, PageTitle, PeriodChoice } from "../ui/admin-ui"
import { PerDayChart } from "../ui/per-day-chart"

const PERIODS = ["7", "30", "90"] as const
type Report = AudienceReportPayload

const field =
  "rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-950"

/** The range and language chosen: a period of the last days, or dates typed and applied. */
function RangeForm({
  query,
  onChange,
}: {
  query: AudienceParams
  onChange: (query: AudienceParams) => void
}) {
  const { t } = useTranslation("admin")
  const [from, setFrom] = useState(query.from ?? "")
  const [to, setTo] = useState(query.to ?? "")
  const language = query.language
  return (
    <div className="mb-6 flex flex-wrap items-end gap-4">
      <PeriodChoice
        legend={t("audience.period")}
        name="audience-period"
        periods={PERIODS}
        value={query.days}
        label={(days) => t("audience.days", { count: Number(days) })}
        onChange={(days) => onChange({ days, language })}
      />
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault()
          if (from && to) onChange({ from, to, language })
        }}
      >
        <label className="flex flex-col text-sm">
          {t("audience.from")}
          <input
            type="date"
            required
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            className={field}
          />
        </label>
        <label className="flex flex-col text-sm">
          {t("audience.to")}
          <input
            type="date"
            required
            value={to}
            min={from || undefined}
            onChange={(event) => setTo(event.target.value)}
            className={field}
          />
        </label>
        <Button type="submit" variant="outline" size="sm">
          {t("audience.apply")}
        </Button>
      </form>
      <label className="flex flex-col text-sm">
        {t("audience.language")}
        <select
          value={language ?? ""}
          onChange={(event) =>
            onChange({
              ...query,
              language: (event.target.value || undefined) as AudienceParams["language"],
            })
          }
          className={field}
        >
          <option value="">{t("audience.allLanguages")}</option>
          {languages.map((code) => (
            <option key={code} value={code} lang={code}>
              {languageNames[code]}
            </option>
          ))}
        </select>
      </label>
    </div>
  )
}

function Totals({ report }: { report: Report }) {
  const { t } = useTranslation("admin")
  const { language } = useLanguage()
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 2 })
  const seconds = (ms: number | null) =>
    ms === null ? t("audience.none") : t("audience.seconds", { value: number.format(ms / 1000) })
  const figures: [string, string][] = [
    [t("audience.visitors"), number.format(report.totals.visitors)],
    [t("audience.views"), number.format(report.totals.views)],
    [t("audience.viewsPerVisit"), number.format(report.totals.viewsPerVisit)],
    [t("audience.timeOnPage"), seconds(report.totals.avgVisibleMs)],
  ]
  return (
    <dl className="mb-6 grid grid-cols-2 gap-4 md:grid-cols-4" data-testid="audience-totals">
      {figures.map(([label, value]) => (
        <div key={label} className={cn(panelBox, "p-4")}>
          <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
          <dd className="mt-1 text-2xl font-bold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

function Tables({ report, query }: { report: Report; query: AudienceParams }) {
  const { t } = useTranslation("admin")
  const { language } = useLanguage()
  const percent = new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 1 })
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 3 })
  const col = (key: string) => t(`audience.columns.${key}`)
  const visitors = {
    label: t("audience.visitors"),
    cell: (row: { visitors: number }) => row.visitors,
    numeric: true,
  }
  const orNone = (value: string, none: string) =>
    value || <span className="italic text-slate-600 dark:text-slate-400">{none}</span>
  return (
    <div className="grid gap-6">
      <div className="grid gap-6 md:grid-cols-2">
        <AudienceTable
          name="pages"
          query={query}
          rows={report.pages}
          columns={[
            { label: col("path"), cell: (row) => row.path },
            visitors,
            { label: t("audience.views"), cell: (row) => row.views, numeric: true },
            {
              label: t("audience.timeOnPage"),
              cell: (row) =>
                row.avgVisibleMs === null
                  ? t("audience.none")
                  : t("audience.seconds", { value: number.format(row.avgVisibleMs / 1000) }),
              numeric: true,
            },
          ]}
        />
        <AudienceTable
          name="entries"
          query={query}
          rows={report.entries}
          columns={[{ label: col("path"), cell: (row) => row.path }, visitors]}
        />
        <AudienceTable
          name="referrers"
          query={query}
          rows={report.referrers}
          columns={[{ label: col("host"), cell: (row) => row.host }, visitors]}
        />
        <AudienceTable
          name="campaigns"
          query={query}
          rows={report.campaigns}
          columns={[
            { label: col("source"), cell: (row) => row.source },
            { label: col("medium"), cell: (row) => row.medium },
            { label: col("campaign"), cell: (row) => row.campaign },
            visitors,
          ]}
        />
        <AudienceTable
          name="devices"
          query={query}
          rows={report.devices}
          columns={[
            { label: col("width"), cell: (row) => t(`audience.widths.${row.width}`) },
            visitors,
          ]}
        />
        <AudienceTable
          name="conversions"
          query={query}
          rows={report.conversions}
          columns={[
            { label: col("name"), cell: (row) => t(`audience.conversionNames.${row.name}`) },
            { label: col("visits"), cell: (row) => row.visits, numeric: true },
            { label: col("events"), cell: (row) => row.events, numeric: true },
          ]}
        />
      </div>
      <AudienceTable
        name="funnel"
        query={query}
        rows={report.funnel}
        columns={[
          { label: col("source"), cell: (row) => orNone(row.source, t("audience.direct")) },
          { label: col("campaign"), cell: (row) => orNone(row.campaign, t("audience.noCampaign")) },
          { label: col("landing"), cell: (row) => row.landing, numeric: true },
          { label: col("contact"), cell: (row) => row.contact, numeric: true },
          { label: col("sent"), cell: (row) => row.sent, numeric: true },
          { label: col("confirmed"), cell: (row) => row.confirmed, numeric: true },
          { label: col("booked"), cell: (row) => row.booked, numeric: true },
          { label: col("estimateViewed"), cell: (row) => row.estimateViewed, numeric: true },
          { label: col("quoteRequested"), cell: (row) => row.quoteRequested, numeric: true },
          {
            label: col("rate"),
            cell: (row) => (row.rate === null ? t("audience.none") : percent.format(row.rate)),
            numeric: true,
          },
          { label: col("leads"), cell: (row) => row.leads, numeric: true },
        ]}
      />
      <AudienceTable
        name="vitals"
        query={query}
        rows={report.vitals}
        columns={[
          { label: col("path"), cell: (row) => row.path },
          { label: col("vital"), cell: (row) => row.name },
          { label: col("p75"), cell: (row) => number.format(row.p75), numeric: true },
          { label: col("rating"), cell: (row) => t(`audience.ratings.${row.rating}`) },
          { label: col("samples"), cell: (row) => row.samples, numeric: true },
          { label: col("good"), cell: (row) => row.good, numeric: true },
          { label: col("needsImprovement"), cell: (row) => row.needsImprovement, numeric: true },
          { label: col("poor"), cell: (row) => row.poor, numeric: true },
        ]}
      />
    </div>
  )
}

/** Who visits, from where, which pages lead to a message, and how fast the pages feel (docs/AUDIENCE.md). */
export function AudienceView() {
  const { t } = useTranslation("admin")
  const [query, setQuery] = useState<AudienceParams>({ days: "30" })
  const report = useLoad(() => call(endpoints.getAudience, { query }), JSON.stringify(query))
  return (
    <>
      <PageTitle>{t("audience.title")}</PageTitle>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">{t("audience.intro")}</p>
      <RangeForm query={query} onChange={setQuery} />
      <Loaded load={report}>
        {(data) => (
          <div aria-busy={report.loading}>
            <p className="mb-4 text-sm font-medium" aria-live="polite">
              {t("audience.range", { from: data.from, to: data.to })}
            </p>
            <Totals report={data} />
            <Panel id="audience-chart" title={t("audience.chart.title")} className="mb-6">
              <PerDayChart
                copy="audience.chart"
                days={data.days.map((day) => ({ date: day.date, count: day.visitors }))}
              />
            </Panel>
            <Tables report={data} query={query} />
          </div>
        )}
      </Loaded>
    </>
  )
}
