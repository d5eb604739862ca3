import React from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button"
import { cn } from "../../components/ui/cn"
import { LoadState } from "../../components/ui/load-state"
import type { MessageKind, MessageStatus } from "../client/admin-client"

const selectLook = cn(
  "block w-full rounded-lg border border-slate-300 bg-white text-slate-900",
  "focus-visible:border-brand-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100",
)

/** A native <select> of the admin's forms; compact in a table's row. */
export const select = {
  field: cn(selectLook, "px-3 py-2 text-base"),
  compact: cn(selectLook, "px-2 py-1.5 text-sm"),
}

const segment = cn(
  "cursor-pointer rounded-md px-3 py-1 text-sm font-medium text-slate-700",
  "has-[:checked]:bg-white has-[:checked]:text-slate-950 has-[:checked]:shadow-sm",
  "has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600",
  "dark:text-slate-200 dark:has-[:checked]:bg-slate-950 dark:has-[:checked]:text-white",
)

/** A choice among a few periods, as radio inputs that stay for the keyboard. */
export function PeriodChoice<T extends string | number>({
  legend,
  name,
  periods,
  value,
  label,
  onChange,
}: {
  legend: string
  name: string
  periods: readonly T[]
  value: T | undefined
  label: (period: T) => string
  onChange: (period: T) => void
}) {
  return (
    <fieldset className="flex gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
      <legend className="sr-only">{legend}</legend>
      {periods.map((period) => (
        <label key={period} className={segment}>
          <input
            type="radio"
            name={name}
            value={period}
            checked={value === period}
            onChange={() => onChange(period)}
            className="sr-only"
          />
          {label(period)}
        </label>
      ))}
    </fieldset>
  )
}

export function PageTitle({
  children,
  actions,
}: {
  children: React.ReactNode
  actions?: React.ReactNode
}) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{children}</h1>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  )
}

const statusTone: Record<MessageStatus, string> = {
  unread: cn(
    "bg-brand-50 text-brand-700 ring-brand-600/30",
    "dark:bg-brand-900/40 dark:text-brand-100 dark:ring-brand-300/40",
  ),
  replied: cn(
    "bg-green-50 text-green-800 ring-green-700/30",
    "dark:bg-green-950 dark:text-green-100 dark:ring-green-400/40",
  ),
  read: cn(
    "bg-slate-100 text-slate-700 ring-slate-500/30",
    "dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-500/40",
  ),
  archived: cn(
    "bg-amber-50 text-amber-900 ring-amber-700/30",
    "dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-400/40",
  ),
  spam: cn(
    "bg-red-50 text-red-800 ring-red-700/30",
    "dark:bg-red-950 dark:text-red-100 dark:ring-red-400/40",
  ),
}

export function StatusBadge({ status }: { status: MessageStatus }) {
  const { t } = useTranslation("admin")
  return (
    <span
      data-status={status}
      className={cn(
        "inline-flex shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset",
        statusTone[status],
      )}
    >
      {t(`status.${status}`)}
    </span>
  )
}

/** A lead's kind, beside its status: a plain message says nothing unless `always`. */
export function KindBadge({ kind, always = false }: { kind: MessageKind; always?: boolean }) {
  const { t } = useTranslation("admin")
  if (kind === "message" && !always) return null
  return (
    <span
      data-kind={kind}
      data-testid="lead-kind"
      className={cn(
        "inline-flex shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset",
        "bg-white text-slate-800 ring-slate-400/60 dark:bg-slate-900 dark:text-slate-200 dark:ring-slate-500",
      )}
    >
      {t(`kinds.${kind}`)}
    </span>
  )
}

/** <LoadState> in the admin's words, over what useLoad() returns. */
export function Loaded<T>({
  load,
  ...props
}: Omit<React.ComponentProps<typeof LoadState<T>>, "data" | "failed" | "onRetry" | "texts"> & {
  load: { data: T | null; failed: boolean; reload: () => void }
}) {
  const { t } = useTranslation("admin")
  const texts = {
    loading: t("common.loading"),
    failed: t("common.loadError"),
    retry: t("common.retry"),
  }
  return (
    <LoadState
      data={load.data}
      failed={load.failed}
      onRetry={load.reload}
      texts={texts}
      {...props}
    />
  )
}

/** A page of a list with no item (an answer without its list counts as none). */
export const noItems = (page: { items?: unknown[] }) => !page.items?.length

const flashTone = {
  success: cn(
    "border-green-700/40 bg-green-50 text-green-900",
    "dark:border-green-400/40 dark:bg-green-950 dark:text-green-100",
  ),
  error: cn(
    "border-red-700/40 bg-red-50 text-red-900",
    "dark:border-red-400/40 dark:bg-red-950 dark:text-red-100",
  ),
}

/** A transient line announced politely (after an action) or assertively (an error). */
export function Flash({
  tone,
  children,
}: {
  tone: "success" | "error"
  children: React.ReactNode
}) {
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      className={cn("rounded-lg border px-4 py-2 text-sm", flashTone[tone])}
    >
      {children}
    </p>
  )
}

export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number
  pageSize: number
  total: number
  onPage: (page: number) => void
}) {
  const { t } = useTranslation("admin")
  const pages = Math.max(1, Math.ceil(total / pageSize))
  if (pages <= 1) return null
  return (
    <nav aria-label={t("common.paging")} className="flex items-center justify-between gap-3 pt-4">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t("common.previous")}
      </Button>
      <span className="text-sm text-slate-600 dark:text-slate-400">
        {t("common.page", { page, pages })}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t("common.next")}
      </Button>
    </nav>
  )
}

const dateStyles = {
  long: { dateStyle: "full", timeStyle: "short" },
  short: { dateStyle: "short", timeStyle: "short" },
} as const
// Building a formatter costs far more than formatting (a list of 20 rows re-renders 20 dates).
const dateFormats = new Map<string, Intl.DateTimeFormat>()

/** Dates shown in the admin's language, e.g. "22 novembre 2026 à 10:41". */
export function formatDateTime(
  iso: string,
  language: string,
  style: "long" | "short" = "long",
): string {
  const key = `${language} ${style}`
  let format = dateFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(language, dateStyles[style])
    dateFormats.set(key, format)
  }
  return format.format(new Date(iso))
}
