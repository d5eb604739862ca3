import { Download, Search, ShieldAlert, Trash2 } from "lucide-react"
import React, { useState } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button"
import { Input } from "../../components/ui/field"
import { Panel } from "../../components/ui/panel"
import { Table, TableRow } from "../../components/ui/table"
import { useLanguage } from "../../i18n/language-context"
import { isLanguage, languageNames } from "../../i18n/languages"
import { call, downloadPersonalData, endpoints, type PersonalData } from "../client/admin-client"
import { useSummary } from "../hooks/shared-values"
import { ActionOutcome, useAction } from "../hooks/use-action"
import { useLoad } from "../hooks/use-load"
import { formatDateTime, Loaded, Pager, noItems } from "../ui/admin-ui"
import { ConfirmDialog } from "../ui/confirm-dialog"

const LOG_PAGE_SIZE = 10

/**
 * A person's rights over what the site stored about their address (GDPR articles 15, 17
 * and 20): find it, hand it over as JSON, erase it. Every erasure lands in the log below.
 */
export function DataRightsPanel() {
  const { t } = useTranslation("admin")
  const { language } = useLanguage()
  const { reload: reloadSummary } = useSummary()
  const [email, setEmail] = useState("")
  const [found, setFound] = useState<PersonalData | null>(null)
  const { busy, outcome, run } = useAction<"find" | "export" | "erase">()
  const [confirming, setConfirming] = useState(false)
  const [logPage, setLogPage] = useState(1)
  const [logVersion, setLogVersion] = useState(0)
  const log = useLoad(
    () => call(endpoints.listErasures, { query: { page: logPage, pageSize: LOG_PAGE_SIZE } }),
    `${logPage}#${logVersion}`,
  )

  const find = (address: string) =>
    run("find", async () =>
      setFound(await call(endpoints.findPersonalData, { body: { email: address } })),
    )

  const erase = (address: string) =>
    run("erase", async () => {
      setConfirming(false)
      const erasure = await call(endpoints.erasePersonalData, { body: { email: address } })
      setFound(null)
      setLogPage(1)
      setLogVersion((n) => n + 1)
      void reloadSummary()
      return t("dataRights.erased", {
        messages: erasure.messages,
        subscriptions: erasure.subscriptions,
      })
    })

  const empty = found !== null && found.messages.length === 0 && found.subscription === null

  return (
    <Panel
      id="data-rights"
      data-testid="data-rights"
      title={
        <span className="flex items-center gap-2">
          <ShieldAlert aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-300" />
          {t("dataRights.title")}
        </span>
      }
      lead={t("dataRights.lead")}
    >
      <form
        className="flex gap-2"
        onSubmit={(event) => {
          event.preventDefault()
          void find(email.trim())
        }}
      >
        <label htmlFor="data-rights-email" className="sr-only">
          {t("dataRights.emailLabel")}
        </label>
        <Input
          id="data-rights-email"
          type="email"
          required
          value={email}
          placeholder={t("dataRights.emailLabel")}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" variant="secondary" disabled={busy !== null}>
          <Search aria-hidden="true" />
          <span className="sr-only sm:not-sr-only sm:whitespace-nowrap">
            {busy === "find" ? t("dataRights.finding") : t("dataRights.find")}
          </span>
        </Button>
      </form>

      <ActionOutcome outcome={outcome} className="mt-3" />

      {found && empty && (
        <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
          {t("dataRights.nothing", { email: found.email })}
        </p>
      )}
      {found && !empty && (
        <div
          className="mt-4 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
          data-testid="data-rights-found"
        >
          <h3 className="font-semibold">{t("dataRights.found", { email: found.email })}</h3>
          <ul className="mt-2 space-y-1 text-sm text-slate-700 dark:text-slate-300">
            <li>
              <strong>{t("dataRights.messages", { count: found.messages.length })}</strong>
              {found.messages.length > 0 && (
                <ul className="mt-1 ml-4 list-disc space-y-0.5">
                  {found.messages.map((message) => (
                    <li key={message.id} className="truncate">
                      <time dateTime={message.createdAt}>
                        {formatDateTime(message.createdAt, language, "short")}
                      </time>{" "}
                      — {message.name}: {message.message.split("\n")[0]}
                    </li>
                  ))}
                </ul>
              )}
            </li>
            <li>
              {found.subscription ? (
                <>
                  <strong>{t("dataRights.subscription")}</strong>:{" "}
                  {t("dataRights.subscribedOn", {
                    date: formatDateTime(found.subscription.subscribedAt, language, "short"),
                    language: isLanguage(found.subscription.language)
                      ? languageNames[found.subscription.language]
                      : found.subscription.language,
                  })}
                  {" · "}
                  {found.subscription.consentAt && found.subscription.consentVersion
                    ? t("dataRights.consent", {
                        date: formatDateTime(found.subscription.consentAt, language, "short"),
                        version: found.subscription.consentVersion,
                      })
                    : t("dataRights.consentUnknown")}
                </>
              ) : (
                t("dataRights.noSubscription")
              )}
            </li>
          </ul>
          <div className="mt-4 flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={busy !== null}
              onClick={() => void run("export", () => downloadPersonalData(found.email))}
            >
              <Download aria-hidden="true" />
              {t("dataRights.export")}
            </Button>
            <Button
              variant="destructive"
              size="sm"
              disabled={busy !== null}
              onClick={() => setConfirming(true)}
            >
              <Trash2 aria-hidden="true" />
              {t("dataRights.erase")}
            </Button>
          </div>
        </div>
      )}

      <h3 className="mt-8 font-semibold">{t("dataRights.log")}</h3>
      <Loaded load={log} className="mt-3" empty={t("dataRights.logEmpty")} isEmpty={noItems}>
        {(data) => (
          <Table
            className="mt-2 table-fixed"
            data-testid="erasure-log"
            columns={[
              { label: t("dataRights.erasedAt"), className: "w-36" },
              { label: t("dataRights.by"), className: "hidden w-28 sm:table-cell" },
              { label: t("dataRights.hash") },
              { label: t("dataRights.counts"), className: "hidden w-36 md:table-cell" },
            ]}
          >
            {data.items.map((erasure) => (
              <TableRow key={erasure.id}>
                <td className="py-2 pr-3">
                  <time dateTime={erasure.erasedAt}>
                    {formatDateTime(erasure.erasedAt, language, "short")}
                  </time>
                </td>
                <td className="hidden truncate py-2 pr-3 sm:table-cell">{erasure.adminUsername}</td>
                <td className="truncate py-2 pr-3 font-mono text-xs" title={erasure.emailSha256}>
                  {erasure.emailSha256}
                </td>
                <td className="hidden py-2 md:table-cell">
                  {t("dataRights.countsValue", {
                    messages: erasure.messages,
                    subscriptions: erasure.subscriptions,
                  })}
                </td>
              </TableRow>
            ))}
          </Table>
        )}
      </Loaded>
      {log.data && (
        <Pager page={logPage} pageSize={LOG_PAGE_SIZE} total={log.data.total} onPage={setLogPage} />
      )}

      <ConfirmDialog
        open={confirming}
        title={t("dataRights.confirmTitle")}
        text={found ? t("dataRights.confirmErase", { email: found.email }) : ""}
        confirmLabel={t("dataRights.erase")}
        destructive
        onConfirm={() => found && void erase(found.email)}
        onCancel={() => setConfirming(false)}
      />
    </Panel>
  )
}
