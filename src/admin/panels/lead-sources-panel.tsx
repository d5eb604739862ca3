import React, { useState } from "react"
import { useTranslation } from "react-i18next"
import { Panel } from "../../components/ui/panel"
import { Table, TableRow } from "../../components/ui/table"
import { call, endpoints, SOURCE_PERIODS, type SourceCounts } from "../client/admin-client"
import { useLoad } from "../hooks/use-load"
import { Loaded, PeriodChoice } from "../ui/admin-ui"

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
    <Table
      compact
      data-testid={id}
      caption={caption}
      columns={[
        { label: t("sources.name") },
        { label: t("sources.count"), className: "w-24 text-right" },
      ]}
      empty={rows.length === 0 && t("sources.empty")}
    >
      {rows.map((row) => (
        <TableRow key={row.name ?? ""}>
          <th scope="row" className="break-all py-1.5 pr-3 font-medium">
            {row.name ?? <span className="italic text-slate-600 dark:text-slate-400">{none}</span>}
          </th>
          <td className="py-1.5 pr-3 text-right tabular-nums">{row.count}</td>
        </TableRow>
      ))}
      {other > 0 && (
        <tr>
          <th scope="row" className="py-1.5 pr-3 font-normal italic">
            {t("sources.other")}
          </th>
          <td className="py-1.5 pr-3 text-right tabular-nums">{other}</td>
        </tr>
      )}
    </Table>
  )
}

/** Messages per source (utm_source, else the referring site) and per campaign over the last 7, 30 or 90 days. */
export function LeadSourcesPanel() {
  const { t } = useTranslation("admin")
  const [days, setDays] = useState<Period>(30)
  const counts = useLoad(() => call(endpoints.getSourceCounts, { query: { days } }), String(days))

  return (
    <Panel
      id="sources"
      title={t("sources.title")}
      actions={
        <PeriodChoice
          legend={t("sources.period")}
          name="sources-period"
          periods={SOURCE_PERIODS}
          value={days}
          label={(period) => t("sources.days", { count: period })}
          onChange={setDays}
        />
      }
    >
      <Loaded load={counts}>
        {(data) => (
          <>
            <p className="mb-4 text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
              {t("sources.total", { count: data.total, days: data.days })}
            </p>
            <div className="grid gap-6 md:grid-cols-2">
              <CountTable
                id="sources-by-source"
                caption={t("sources.bySource")}
                rows={data.bySource}
                other={data.otherSources}
                none={t("sources.direct")}
              />
              <CountTable
                id="sources-by-campaign"
                caption={t("sources.byCampaign")}
                rows={data.byCampaign}
                other={data.otherCampaigns}
                none={t("sources.noCampaign")}
              />
            </div>
          </>
        )}
      </Loaded>
    </Panel>
  )
}
