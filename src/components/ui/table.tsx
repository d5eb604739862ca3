import React from "react"
import { cn } from "./cn"

export type TableColumn = {
  /** The column's heading; a column of buttons has a heading for screen readers only. */
  label: React.ReactNode
  /** Width, alignment, or when the column shows (`hidden sm:table-cell`). */
  className?: string
}

type Props = Omit<React.TableHTMLAttributes<HTMLTableElement>, "children"> & {
  columns: TableColumn[]
  caption?: React.ReactNode
  /** Shown in a row of its own when there is no row to show. */
  empty?: React.ReactNode
  /** Tighter rows, for tables side by side. */
  compact?: boolean
  /** The rows (<TableRow>). */
  children: React.ReactNode
}

const rowLine = "border-b border-slate-100 last:border-b-0 dark:border-slate-800"
const headLine =
  "border-b border-slate-200 text-slate-600 dark:border-slate-800 dark:text-slate-400"

/** A table of figures or records: its caption, a heading per column, then its rows. */
export function Table({ columns, caption, empty, compact, className, children, ...props }: Props) {
  const cell = compact ? "py-1.5 pr-3" : "py-2 pr-3"
  return (
    <table className={cn("w-full text-left text-sm", className)} {...props}>
      {caption && <caption className="mb-2 text-left font-semibold">{caption}</caption>}
      <thead className={headLine}>
        <tr>
          {columns.map((column, index) => (
            <th key={index} scope="col" className={cn(cell, "font-medium", column.className)}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {empty && (
          <tr>
            <td colSpan={columns.length} className="py-2 text-slate-600 dark:text-slate-400">
              {empty}
            </td>
          </tr>
        )}
        {children}
      </tbody>
    </table>
  )
}

/** A row of a <Table>, ruled from the next. */
export function TableRow({ className, ...props }: React.HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={cn(rowLine, className)} {...props} />
}
