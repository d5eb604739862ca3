import { Link } from "gatsby"
import React, { useState } from "react"
import { useTranslation } from "react-i18next"
import { Panel } from "../../components/ui/panel"
import { Table, TableRow } from "../../components/ui/table"
import { useLanguage } from "../../i18n/language-context"
import { adminPaths } from "../admin-routes"
import { call, endpoints } from "../client/admin-client"
import { useLoad } from "../hooks/use-load"
import { formatDateTime, Loaded, Pager, noItems } from "../ui/admin-ui"

const PAGE_SIZE = 25

/** Who did what to which message, who signed in, who exported: newest first, owners only. */
export function AuditPanel() {
  const { t } = useTranslation("admin")
  const { language } = useLanguage()
  const [page, setPage] = useState(1)
  const entries = useLoad(
    () => call(endpoints.listAudit, { query: { page, pageSize: PAGE_SIZE } }),
    String(page),
  )

  return (
    <Panel id="audit" title={t("audit.title")} lead={t("audit.lead")}>
      <Loaded load={entries} empty={t("audit.empty")} isEmpty={noItems}>
        {(data) => (
          <div className="overflow-x-auto">
            <Table
              columns={[
                { label: t("audit.at") },
                { label: t("audit.who") },
                { label: t("audit.what") },
                { label: t("audit.detail") },
              ]}
            >
              {data.items.map((entry) => (
                <TableRow
                  key={entry.id}
                  data-testid="audit-row"
                  data-action={entry.action}
                  className="align-top"
                >
                  <td className="whitespace-nowrap py-2 pr-3">
                    <time dateTime={entry.at}>{formatDateTime(entry.at, language, "short")}</time>
                  </td>
                  <td className="py-2 pr-3 font-medium">{entry.username}</td>
                  <td className="py-2 pr-3">
                    {t(`audit.actions.${entry.action}`)}
                    {entry.messageId && (
                      <>
                        {" "}
                        <Link
                          to={adminPaths.message(entry.messageId)}
                          className="text-brand-700 underline dark:text-brand-300"
                        >
                          {t("audit.message")}
                        </Link>
                      </>
                    )}
                  </td>
                  <td className="break-all py-2 pr-3 text-slate-700 dark:text-slate-300">
                    {entry.detail && entry.action === "message_status"
                      ? t(`status.${entry.detail}`)
                      : entry.action === "message_note"
                        ? ""
                        : (entry.detail ?? "")}
                    {entry.ip && (
                      <span className="block whitespace-nowrap text-xs text-slate-600 dark:text-slate-400">
                        {entry.ip}
                      </span>
                    )}
                  </td>
                </TableRow>
              ))}
            </Table>
          </div>
        )}
      </Loaded>
      {entries.data && (
        <Pager page={page} pageSize={PAGE_SIZE} total={entries.data.total} onPage={setPage} />
      )}
    </Panel>
  )
}
