import React from "react"
import { useTranslation } from "react-i18next"
import { useLanguage } from "../../i18n/language-context"

type Day = { date: string; count: number }

const WIDTH = 600
const HEIGHT = 160
const GAP = 4

/**
 * Counts per day as plain SVG bars; the summary sentence is the accessible name, and the
 * figures are also a table. `copy` names the keys of its sentences: the dashboard's messages
 * or the Audience view's visitors (chartSummary, chartBar, chartTable, day, count).
 */
export function PerDayChart({
  days,
  copy = "dashboard",
}: {
  days: Day[]
  copy?: "dashboard" | "audience.chart"
}) {
  const { t } = useTranslation("admin")
  const { language } = useLanguage()
  const total = days.reduce((sum, day) => sum + day.count, 0)
  const max = Math.max(0, ...days.map((day) => day.count))
  const scale = Math.max(max, 1)
  const barWidth = WIDTH / Math.max(days.length, 1) - GAP
  const dayLabel = new Intl.DateTimeFormat(language, {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  })
  const summary = t(`${copy}.chartSummary`, { count: total, max, days: days.length })
  const first = days[0]
  const last = days.at(-1)

  return (
    <figure>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT + 1}`}
        role="img"
        aria-label={summary}
        className="h-40 w-full"
        preserveAspectRatio="none"
      >
        <line
          x1="0"
          x2={WIDTH}
          y1={HEIGHT + 0.5}
          y2={HEIGHT + 0.5}
          className="stroke-slate-300 dark:stroke-slate-700"
        />
        {days.map((day, index) => {
          const height = day.count === 0 ? 2 : Math.max(4, (day.count / scale) * (HEIGHT - 8))
          return (
            <rect
              key={day.date}
              data-count={day.count}
              x={index * (barWidth + GAP) + GAP / 2}
              y={HEIGHT - height}
              width={barWidth}
              height={height}
              rx="2"
              className={
                day.count === 0
                  ? "fill-slate-200 dark:fill-slate-800"
                  : "fill-brand-600 dark:fill-brand-400"
              }
            >
              <title>
                {t(`${copy}.chartBar`, {
                  date: dayLabel.format(new Date(day.date)),
                  count: day.count,
                })}
              </title>
            </rect>
          )
        })}
      </svg>
      {first && last && (
        <div
          aria-hidden="true"
          className="mt-1 flex justify-between text-xs text-slate-600 dark:text-slate-400"
        >
          <span>{dayLabel.format(new Date(first.date))}</span>
          <span>{dayLabel.format(new Date(last.date))}</span>
        </div>
      )}
      <figcaption className="mt-2 text-sm text-slate-700 dark:text-slate-300">{summary}</figcaption>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer rounded-md font-medium text-brand-700 dark:text-brand-300">
          {t(`${copy}.chartTable`)}
        </summary>
        <table className="mt-2 w-full max-w-xs text-left tabular-nums">
          <thead className="text-slate-600 dark:text-slate-400">
            <tr>
              <th scope="col" className="py-1 font-medium">
                {t(`${copy}.day`)}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {t(`${copy}.count`)}
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date} className="border-t border-slate-100 dark:border-slate-800">
                <td className="py-1">{dayLabel.format(new Date(day.date))}</td>
                <td className="py-1 text-right">{day.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  )
}
