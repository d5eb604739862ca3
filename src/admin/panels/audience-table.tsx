import { Download } from "lucide-react"
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
  const titleId = `audience-${name}-title`
  // The panel scrolls sideways when the table's columns are wider than a phone; the title and
  // the export stay in view above it (sticky, as wide as the panel). The export shows "CSV" and
  // is named with its table. It is the panel's focusable part, so the keyboard can scroll it.
  return (
    <section
      className={cn(panelBox, "overflow-x-auto p-4 sm:p-6")}
      data-testid={`audience-${name}`}
    >
      <div className="sticky left-0 mb-2 flex flex-wrap items-center justify-between gap-2">
        <p id={titleId} className="font-semibold">
          {caption}
        </p>
        <Button
          variant="outline"
          size="sm"
          title={t("audience.csv", { table: caption })}
          onClick={() => void downloadCsv(audienceCsvPath(query, name))}
        >
          <Download aria-hidden="true" />
          {t("audience.csvButton")}
          {/* Named by its text, then its table (WCAG 2.5.3, label in name): "CSV Pages d'entrée". */}
          <span className="sr-only"> {caption}</span>
        </Button>
      </div>
      <Table
        compact
        aria-labelledby={titleId}
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
