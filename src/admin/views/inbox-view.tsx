import { Link, navigate } from "gatsby"
import { Archive, Download, MailOpen, ShieldAlert, Trash2 } from "lucide-react"
import React, { useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button"
import { cn } from "../../components/ui/cn"
import { panelBox } from "../../components/ui/panel"
import { useLanguage } from "../../i18n/language-context"
import { adminPaths } from "../admin-routes"
import {
  call,
  downloadCsv,
  endpoints,
  messagesCsvPath,
  type BulkAction,
} from "../client/admin-client"
import { useIsOwner, useSummary } from "../hooks/shared-values"
import { ActionOutcome, useAction } from "../hooks/use-action"
import { useLoad } from "../hooks/use-load"
import {
  formatDateTime,
  KindBadge,
  Loaded,
  PageTitle,
  Pager,
  StatusBadge,
  noItems,
} from "../ui/admin-ui"
import { ConfirmDialog } from "../ui/confirm-dialog"
import { InboxFilterForm } from "./inbox-filter-form"
import { apiQuery, inboxSearch, readInboxFilter, type InboxFilter } from "./inbox-filters"

const PAGE_SIZE = 20

const bulkActions: { action: BulkAction; label: string; icon: typeof Archive }[] = [
  { action: "read", label: "inbox.markRead", icon: MailOpen },
  { action: "archived", label: "inbox.archive", icon: Archive },
  { action: "spam", label: "inbox.spam", icon: ShieldAlert },
  { action: "delete", label: "inbox.delete", icon: Trash2 },
]

/** The inbox: filter, page, select several and act on them, export the filtered view. */
export function InboxView({ search }: { search: string }) {
  const { t } = useTranslation("admin")
  const { language } = useLanguage()
  const { reload: reloadSummary } = useSummary()
  const filter = readInboxFilter(search)
  const [version, setVersion] = useState(0)
  const list = useLoad(
    () =>
      call(endpoints.listMessages, {
        query: { ...apiQuery(filter), page: filter.page, pageSize: PAGE_SIZE },
      }),
    `${search}#${version}`,
  )
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [pending, setPending] = useState<BulkAction | null>(null)
  const { busy, outcome, run } = useAction<"bulk" | "export">()
  // Deleting is for owners (the server refuses members); members archive.
  const owner = useIsOwner()
  const actions = bulkActions.filter(({ action }) => owner || action !== "delete")

  useEffect(() => setSelected(new Set()), [list.data])

  const show = (next: InboxFilter) => void navigate(adminPaths.inbox + inboxSearch(next))
  const items = list.data?.items ?? []
  const allSelected = items.length > 0 && items.every((item) => selected.has(item.id))

  function toggle(id: string) {
    setSelected((current) => {
      const next = new Set(current)
      if (!next.delete(id)) next.add(id)
      return next
    })
  }

  function runBulk(action: BulkAction) {
    setPending(null)
    void run("bulk", async () => {
      const { changed } = await call(endpoints.bulkMessages, {
        body: { ids: [...selected], action },
      })
      setVersion((n) => n + 1)
      void reloadSummary()
      return t("inbox.done", { count: changed })
    })
  }

  const exportCsv = () => run("export", () => downloadCsv(messagesCsvPath(apiQuery(filter))))

  return (
    <>
      <PageTitle
        actions={
          <Button variant="outline" onClick={() => void exportCsv()} disabled={busy === "export"}>
            <Download aria-hidden="true" />
            {busy === "export" ? t("common.exporting") : t("common.exportCsv")}
          </Button>
        }
      >
        {t("inbox.title")}
      </PageTitle>

      <InboxFilterForm filter={filter} onApply={(next) => show({ ...next, page: 1 })} />

      <div className={cn(panelBox, "mt-4")}>
        <div className="flex min-h-14 items-center gap-3 border-b border-slate-200 px-4 py-2 dark:border-slate-800">
          <input
            type="checkbox"
            aria-label={t("inbox.selectPage")}
            className="size-4 accent-brand-600"
            checked={allSelected}
            disabled={items.length === 0}
            onChange={() =>
              setSelected(allSelected ? new Set() : new Set(items.map((item) => item.id)))
            }
          />
          {selected.size > 0 ? (
            <div
              role="group"
              aria-label={t("inbox.selected", { count: selected.size })}
              className="flex min-w-0 flex-1 flex-wrap items-center gap-2"
            >
              <span className="text-sm font-medium">
                {t("inbox.selected", { count: selected.size })}
              </span>
              {actions.map(({ action, label, icon: IconComponent }) => (
                <Button
                  key={action}
                  size="sm"
                  variant={action === "delete" ? "destructive" : "secondary"}
                  onClick={() => setPending(action)}
                  title={t(label)}
                >
                  <IconComponent aria-hidden="true" />
                  <span className="sr-only sm:not-sr-only">{t(label)}</span>
                </Button>
              ))}
            </div>
          ) : (
            list.data && (
              <span
                className="text-sm text-slate-600 dark:text-slate-400"
                data-testid="inbox-total"
              >
                {t("inbox.total", { count: list.data.total })}
              </span>
            )
          )}
        </div>

        <ActionOutcome outcome={outcome} className="px-4 pt-3" />

        <Loaded load={list} className="m-4" empty={t("inbox.empty")} isEmpty={noItems}>
          {() => (
            <ul aria-label={t("inbox.title")} aria-busy={list.loading}>
              {items.map((message) => {
                const unread = message.status === "unread"
                return (
                  <li
                    key={message.id}
                    data-testid="inbox-row"
                    data-status={message.status}
                    className={cn(
                      "flex items-start gap-3 border-b border-slate-200 px-4 py-3",
                      "last:border-b-0 dark:border-slate-800",
                      unread && "bg-brand-50/50 dark:bg-brand-900/20",
                      selected.has(message.id) && "bg-slate-100 dark:bg-slate-800",
                    )}
                  >
                    <input
                      type="checkbox"
                      aria-label={t("inbox.selectOne", { name: message.name })}
                      className="mt-1 size-4 shrink-0 accent-brand-600"
                      checked={selected.has(message.id)}
                      onChange={() => toggle(message.id)}
                    />
                    <Link
                      to={adminPaths.message(message.id)}
                      className="block min-w-0 flex-1 rounded-md"
                    >
                      <span className="flex items-baseline justify-between gap-3">
                        <span
                          className={cn(
                            "truncate",
                            unread ? "font-bold text-slate-950 dark:text-white" : "font-medium",
                          )}
                        >
                          {unread && <span className="sr-only">{t("inbox.unreadMark")} – </span>}
                          {message.name}
                        </span>
                        <time
                          dateTime={message.createdAt}
                          className={cn(
                            "shrink-0 text-xs tabular-nums",
                            unread ? "font-bold" : "text-slate-600 dark:text-slate-400",
                          )}
                        >
                          {formatDateTime(message.createdAt, language, "short")}
                        </time>
                      </span>
                      <span className="block truncate text-sm text-slate-600 dark:text-slate-400">
                        {[message.company, message.email].filter(Boolean).join(" · ")}
                      </span>
                      {message.assignee && (
                        <span
                          className="block truncate text-xs text-slate-600 dark:text-slate-400"
                          data-testid="inbox-assignee"
                        >
                          {t("inbox.assignedTo", { username: message.assignee.username })}
                        </span>
                      )}
                      <span
                        className={cn(
                          "mt-0.5 block truncate text-sm",
                          unread
                            ? "font-semibold text-slate-900 dark:text-slate-100"
                            : "text-slate-700 dark:text-slate-300",
                        )}
                      >
                        {message.message}
                      </span>
                    </Link>
                    <span className="flex shrink-0 flex-col items-end gap-1 sm:flex-row sm:items-center">
                      <KindBadge kind={message.kind} />
                      <span className="hidden sm:block">
                        <StatusBadge status={message.status} />
                      </span>
                    </span>
                  </li>
                )
              })}
            </ul>
          )}
        </Loaded>
      </div>
      {list.data && (
        <Pager
          page={filter.page}
          pageSize={PAGE_SIZE}
          total={list.data.total}
          onPage={(page) => show({ ...filter, page })}
        />
      )}

      <ConfirmDialog
        open={pending !== null}
        title={t("inbox.confirmTitle")}
        text={pending ? t(`inbox.confirm.${pending}`, { count: selected.size }) : ""}
        confirmLabel={pending ? t(bulkActions.find((b) => b.action === pending)!.label) : ""}
        destructive={pending === "delete"}
        onConfirm={() => pending && void runBulk(pending)}
        onCancel={() => setPending(null)}
      />
    </>
  )
}
