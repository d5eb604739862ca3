import React from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button"
import {
  type AudienceParams,
  type AudienceTable as TableName,
  audienceCsvPath,
  downloadCsv,
} from "../client/admin-client"
import { panel } from "../ui/admin-ui"

export type Column<Row> = { label: string; cell: (row: Row) => React.ReactNode; numeric?: boolean }

/** One table of the Audience view in its panel: its caption, its rows (the first column heads each row), and its CSV export. */
export function AudienceTable<Row>({
  name,
  query,
  rows,
  columns,
}: {
  name: TableName
  query: AudienceParams
  rows: Row[]
  columns: Column<Row>[]
}) {
  const { t } = useTranslation("admin")
  const caption = t(`audience.tables.${name}`)
  const [head, ...rest] = columns
  const align = (column: Column<Row>) =>
    column.numeric ? "whitespace-nowrap text-right tabular-nums" : ""
  return (
    <section className={`${panel} overflow-x-auto p-4 sm:p-6`} data-testid={`audience-${name}`}>
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left font-semibold">
          <span className="flex flex-wrap items-center justify-between gap-2">
            {caption}
            <Button
              variant="outline"
              size="sm"
              onClick={() => void downloadCsv(audienceCsvPath(query, name))}
            >
              {t("audience.csv", { table: caption })}
            </Button>
          </span>
        </caption>
        <thead className="border-b border-slate-200 text-slate-600 dark:border-slate-800 dark:text-slate-400">
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={`py-1.5 pr-3 font-medium ${align(column)}`}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={columns.length} className="py-2 text-slate-600 dark:text-slate-400">
                {t("audience.empty")}
              </td>
            </tr>
          )}
          {rows.map((row, index) => (
            <tr
              key={index}
              className="border-b border-slate-100 last:border-b-0 dark:border-slate-800"
            >
              <th scope="row" className="min-w-32 py-1.5 pr-3 font-medium [overflow-wrap:anywhere]">
                {head.cell(row)}
              </th>
              {rest.map((column) => (
                <td key={column.label} className={`py-1.5 pr-3 ${align(column)}`}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
