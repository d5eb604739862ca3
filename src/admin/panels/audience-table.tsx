import React from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button"
import { cn } from "../../components/ui/cn"
import { panelBox } from "../../components/ui/panel"
import { Table, TableRow } from "../../components/ui/table"
import {
  type AudienceParams,
  type AudienceTable as TableName,
  audienceCsvPath,
  downloadCsv,
} from "../client/admin-client"

export type Column<Row> = { label: string; cell: (row: Row) => React.ReactNode; numeric?: boolean }

/**
 * One table of the Audience view in its panel: its caption, its rows (the first column heads
 * each row), and its CSV export.
 */
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
    <section
      className={cn(panelBox, "overflow-x-auto p-4 sm:p-6")}
      data-testid={`audience-${name}`}
    >
      <Table
        compact
        caption={
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
        }
        columns={columns.map((column) => ({ label: column.label, className: align(column) }))}
        empty={rows.length === 0 && t("audience.empty")}
      >
        {rows.map((row, index) => (
          <TableRow key={index}>
            <th scope="row" className="min-w-32 py-1.5 pr-3 font-medium [overflow-wrap:anywhere]">
              {head.cell(row)}
            </th>
            {rest.map((column) => (
              <td key={column.label} className={cn("py-1.5 pr-3", align(column))}>
                {column.cell(row)}
              </td>
            ))}
          </TableRow>
        ))}
      </Table>
    </section>
  )
}
