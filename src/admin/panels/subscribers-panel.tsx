import { Download, Search, Trash2 } from "lucide-react"
import React, { useState } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button"
import { cn } from "../../components/ui/cn"
import { Input } from "../../components/ui/field"
import { Panel } from "../../components/ui/panel"
import { Table, TableRow } from "../../components/ui/table"
import { useLanguage } from "../../i18n/language-context"
import { isLanguage, languageNames } from "../../i18n/languages"
import {
  call,
  downloadCsv,
  endpoints,
  subscribersCsvPath,
  type Subscriber,
} from "../client/admin-client"
import { useSummary } from "../hooks/shared-values"
import { ActionOutcome, useAction } from "../hooks/use-action"
import { useLoad } from "../hooks/use-load"
import { formatDateTime, Loaded, Pager, noItems } from "../ui/admin-ui"
import { ConfirmDialog } from "../ui/confirm-dialog"

const PAGE_SIZE = 20

const pendingBadge = cn(
  "mt-1 inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900",
  "dark:bg-amber-950 dark:text-amber-200",
)

/** Newsletter subscribers: search, page, remove one (confirmed), export the search as CSV. */
export function SubscribersPanel() {
  const { t } = useTranslation("admin")
  const { language } = useLanguage()
  const { reload: reloadSummary } = useSummary()
  const [draft, setDraft] = useState("")
  const [query, setQuery] = useState({ q: "", page: 1 })
  const [version, setVersion] = useState(0)
  const list = useLoad(
    () =>
      call(endpoints.listSubscribers, {
        query: { q: query.q || undefined, page: query.page, pageSize: PAGE_SIZE },
      }),
    `${query.q}#${query.page}#${version}`,
  )
  const [removing, setRemoving] = useState<Subscriber | null>(null)
  const { busy, outcome, run } = useAction<"remove" | "export">()

  function remove(subscriber: Subscriber) {
    setRemoving(null)
    void run("remove", async () => {
      await call(endpoints.removeSubscriber, { params: { id: subscriber.id } })
      setVersion((n) => n + 1)
      void reloadSummary()
      return t("management.removed", { email: subscriber.email })
    })
  }

  const exportCsv = () =>
    run("export", () => downloadCsv(subscribersCsvPath({ q: query.q || undefined })))

  return (
    <Panel
      id="subscribers"
      title={
        <>
          {t("management.subscribers")}
          {list.data && (
            <span className="ml-2 text-sm font-normal text-slate-600 dark:text-slate-400">
              ({t("management.total", { count: list.data.total })})
            </span>
          )}
        </>
      }
      actions={
        <Button
          variant="outline"
          size="sm"
          onClick={() => void exportCsv()}
          disabled={busy === "export"}
        >
          <Download aria-hidden="true" />
          {busy === "export" ? t("common.exporting") : t("common.exportCsv")}
        </Button>
      }
    >
      <form
        role="search"
        className="flex gap-2"
        onSubmit={(event) => {
          event.preventDefault()
          setQuery({ q: draft.trim(), page: 1 })
        }}
      >
        <label htmlFor="subscribers-q" className="sr-only">
          {t("management.searchSubscribers")}
        </label>
        <Input
          id="subscribers-q"
          type="search"
          value={draft}
          placeholder={t("management.searchSubscribers")}
          onChange={(event) => setDraft(event.target.value)}
        />
        <Button type="submit" variant="secondary">
          <Search aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">{t("common.search")}</span>
        </Button>
      </form>
      <ActionOutcome outcome={outcome} className="mt-3" />
      <Loaded load={list} className="mt-4" empty={t("management.empty")} isEmpty={noItems}>
        {(data) => (
          <Table
            className="mt-4 table-fixed"
            columns={[
              { label: t("management.email") },
              { label: t("management.language"), className: "hidden w-28 sm:table-cell" },
              { label: t("management.subscribedAt"), className: "hidden w-44 md:table-cell" },
              {
                label: <span className="sr-only">{t("management.actions")}</span>,
                className: "w-12 sm:w-28",
              },
            ]}
          >
            {data.items.map((subscriber) => (
              <TableRow key={subscriber.id} data-testid="subscriber-row">
                <td className="py-2 pr-3">
                  <div className="truncate font-medium" title={subscriber.email}>
                    {subscriber.email}
                  </div>
                  {subscriber.confirmedAt === null && (
                    <span data-testid="subscriber-pending" className={pendingBadge}>
                      {t("management.pending")}
                    </span>
                  )}
                </td>
                <td className="hidden py-2 pr-3 sm:table-cell">
                  {isLanguage(subscriber.language)
                    ? languageNames[subscriber.language]
                    : subscriber.language}
                </td>
                <td className="hidden py-2 pr-3 md:table-cell">
                  <time dateTime={subscriber.createdAt}>
                    {formatDateTime(subscriber.createdAt, language, "short")}
                  </time>
                </td>
                <td className="py-1 text-right">
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setRemoving(subscriber)}
                    aria-label={t("management.removeLabel", { email: subscriber.email })}
                  >
                    <Trash2 aria-hidden="true" />
                    <span className="hidden sm:inline" aria-hidden="true">
                      {t("management.remove")}
                    </span>
                  </Button>
                </td>
              </TableRow>
            ))}
          </Table>
        )}
      </Loaded>
      {list.data && (
        <Pager
          page={query.page}
          pageSize={PAGE_SIZE}
          total={list.data.total}
          onPage={(page) => setQuery((q) => ({ ...q, page }))}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t("inbox.confirmTitle")}
        text={removing ? t("management.confirmRemove", { email: removing.email }) : ""}
        confirmLabel={t("management.remove")}
        destructive
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </Panel>
  )
}
