import { Link } from "gatsby"
import React, { useEffect } from "react"
import { useTranslation } from "react-i18next"
import { cn } from "../../components/ui/cn"
import { Panel, panelBox } from "../../components/ui/panel"
import { adminPaths } from "../admin-routes"
import { MESSAGE_STATUSES } from "../client/admin-client"
import { useSummary } from "../hooks/shared-values"
import { LeadSourcesPanel } from "../panels/lead-sources-panel"
import { TranslationStatus } from "../panels/translation-status"
import { Loaded, PageTitle } from "../ui/admin-ui"
import { PerDayChart } from "../ui/per-day-chart"

const card = cn(panelBox, "block p-4 hover:border-brand-600 dark:hover:border-brand-400")

/** Counts by status (each opens the filtered inbox), subscribers, and 30 days of messages. */
export function DashboardView() {
  const { t } = useTranslation("admin")
  const summary = useSummary()
  const { reload } = summary

  useEffect(() => {
    void reload()
  }, [reload])

  return (
    <>
      <PageTitle>{t("dashboard.title")}</PageTitle>
      <Loaded load={summary}>
        {(summary) => (
          <div className="space-y-6">
            <section aria-labelledby="counts-title">
              <h2 id="counts-title" className="sr-only">
                {t("dashboard.counts")}
              </h2>
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
                {MESSAGE_STATUSES.map((status) => (
                  <li key={status}>
                    <Link
                      to={`${adminPaths.inbox}?status=${status}`}
                      className={card}
                      data-testid={`count-${status}`}
                    >
                      <span className="block text-sm text-slate-600 dark:text-slate-400">
                        {t(`dashboard.${status}`)}
                      </span>
                      <span className="mt-1 block text-3xl font-bold tabular-nums">
                        {summary.messages[status]}
                      </span>
                    </Link>
                  </li>
                ))}
                <li>
                  <Link to={adminPaths.data} className={card} data-testid="count-subscribers">
                    <span className="block text-sm text-slate-600 dark:text-slate-400">
                      {t("dashboard.subscribers")}
                    </span>
                    <span className="mt-1 block text-3xl font-bold tabular-nums">
                      {summary.subscribers}
                    </span>
                  </Link>
                </li>
              </ul>
            </section>
            <Panel id="chart" title={t("dashboard.chartTitle")}>
              <PerDayChart days={summary.perDay} />
            </Panel>
            <LeadSourcesPanel />
            <TranslationStatus />
          </div>
        )}
      </Loaded>
    </>
  )
}
