import { Link } from "gatsby"
import React, { useState } from "react"
import { useTranslation } from "react-i18next"
import { useLanguage } from "../../i18n/language-context"
import { adminPaths } from "../admin-routes"
import { listAudit } from "../client/admin-client"
import { useLoad } from "../hooks/use-load"
import { formatDateTime, Loading, LoadError, Pager, panel } from "../ui/admin-ui"

const PAGE_SIZE = 25

/** Who did what to which message, who signed in, who exported: newest first, owners only. */
export function AuditPanel() {
  const { t } = useTranslation("admin")
  const { language } = useLanguage()
  const [page, setPage] = useState(1)
  const entries = useLoad(() => listAudit({ page, pageSize: PAGE_SIZE }), String(page))

  return (
    <section aria-labelledby="audit-title" className={`${panel} p-4 sm:p-6`}>
      <h2 id="audit-title" className="text-lg font-semibold">
        {t("audit.title")}
      </h2>
      <p className="mb-4 mt-1 text-sm text-slate-600 dark:text-slate-400">{t("audit.lead")}</p>
      {!entries.data && (entries.failed ? <LoadError onRetry={entries.reload} /> : <Loading />)}
      {entries.data && entries.data.items.length === 0 && (
        <p className="py-6 text-center text-slate-600 dark:text-slate-400">{t("audit.empty")}</p>
      )}
      {entries.data && entries.data.items.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-slate-600 dark:border-slate-800 dark:text-slate-400">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("audit.at")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("audit.who")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("audit.what")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("audit.detail")}
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.data.items.map((entry) => (
                <tr
                  key={entry.id}
                  data-testid="audit-row"
                  data-action={entry.action}
                  className="border-b border-slate-100 align-top last:border-b-0 dark:border-slate-800"
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
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {entries.data && (
        <Pager page={page} pageSize={PAGE_SIZE} total={entries.data.total} onPage={setPage} />
      )}
    </section>
  )
}
