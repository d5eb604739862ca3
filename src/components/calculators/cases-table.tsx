import React from "react"
import { useTranslation } from "react-i18next"
import type { CaseTable } from "../../../content-kit/estimate/common-cases"
import { confidenceLevels } from "../../../content-kit/estimate/normal"
import { useLanguage } from "../../i18n/language-context"
import { Table, TableRow } from "../ui/table"
import { formatNumber, formatPercent } from "./typed-number"

type Props = {
  /** The calculator's key in calculators.json: its table's title, lead and row heading. */
  calculator: "sampleSize" | "margin" | "nps"
  tables: CaseTable[]
  formatKey: (key: number) => string
  formatValue: (value: number) => string
}

/** The common cases: a table per population, a row per case, a column per confidence level. */
export function CasesTables({ calculator, tables, formatKey, formatValue }: Props) {
  const { t } = useTranslation("calculators")
  const { language } = useLanguage()
  const columns = [
    { label: t(`${calculator}.cases.row`) },
    ...confidenceLevels.map((level) => ({
      label: formatPercent(language, level, 0),
      className: "text-right tabular-nums",
    })),
  ]
  return (
    <>
      <h2 id="cases-title" className="text-2xl font-bold">
        {t(`${calculator}.cases.title`)}
      </h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{t(`${calculator}.cases.lead`)}</p>
      <div className="mt-6 grid gap-8 sm:grid-cols-2">
        {tables.map((table) => (
          <Table
            key={table.population ?? "unlimited"}
            compact
            columns={columns}
            // One table needs no name beside the section's heading; several are told apart.
            caption={
              tables.length === 1
                ? undefined
                : table.population === undefined
                  ? t("cases.unlimited")
                  : t("cases.population", { population: formatNumber(language, table.population) })
            }
          >
            {table.rows.map((row) => (
              <TableRow key={row.key}>
                <th scope="row" className="py-1.5 pr-3 font-medium">
                  {formatKey(row.key)}
                </th>
                {row.values.map((value, index) => (
                  <td key={index} className="py-1.5 pr-3 text-right tabular-nums">
                    {value === null ? "–" : formatValue(value)}
                  </td>
                ))}
              </TableRow>
            ))}
          </Table>
        ))}
      </div>
    </>
  )
}
