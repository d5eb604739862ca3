import { Link, navigate } from "gatsby"
import {
  Archive,
  ArrowLeft,
  Inbox,
  Mail,
  MailOpen,
  Reply,
  ShieldAlert,
  ShieldCheck,
  Trash2,
} from "lucide-react"
import React, { useEffect, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button"
import { cn } from "../../components/ui/cn"
import { Panel, panelBox } from "../../components/ui/panel"
import { useLanguage } from "../../i18n/language-context"
import { defaultLanguage, isLanguage, languageNames } from "../../i18n/languages"
import { adminPaths } from "../admin-routes"
import { ApiError, call, endpoints, type MessageStatus } from "../client/admin-client"
import { useIsOwner, useSummary } from "../hooks/shared-values"
import { ActionOutcome, useAction } from "../hooks/use-action"
import { useLoad } from "../hooks/use-load"
import { MessageSource } from "../panels/message-source"
import { MessageTeamPanel } from "../panels/message-team-panel"
import { QuotePanel } from "../panels/quote-panel"
import { formatDateTime, KindBadge, Loaded, StatusBadge } from "../ui/admin-ui"
import { ConfirmDialog } from "../ui/confirm-dialog"
import { mailtoAddress, mailtoHref, quote } from "./mailto"

/** One message, every field; opening it marks it read. Its text is React text: markup in it never runs. */
export function MessageView({ id }: { id: string }) {
  const { t } = useTranslation("admin")
  const { language } = useLanguage()
  const { reload: reloadSummary } = useSummary()
  const [notFound, setNotFound] = useState(false)
  const loaded = useLoad(async () => {
    try {
      const message = await call(endpoints.getMessage, { params: { id } })
      return message.status === "unread"
        ? await call(endpoints.setMessageStatus, { params: { id }, body: { status: "read" } })
        : message
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) setNotFound(true)
      throw error
    }
  }, id)
  const { outcome, run } = useAction<"status" | "delete">()
  const [confirmDelete, setConfirmDelete] = useState(false)
  const markedRead = useRef(false)
  const owner = useIsOwner()

  useEffect(() => {
    if (loaded.data && !markedRead.current) {
      markedRead.current = true
      void reloadSummary()
    }
  }, [loaded.data, reloadSummary])

  const change = (status: MessageStatus) =>
    run("status", async () => {
      loaded.setData(await call(endpoints.setMessageStatus, { params: { id }, body: { status } }))
      void reloadSummary()
      return t(`message.changed.${status}`)
    })

  function remove() {
    setConfirmDelete(false)
    void run("delete", async () => {
      await call(endpoints.deleteMessage, { params: { id } })
      void reloadSummary()
      await navigate(adminPaths.inbox)
    })
  }

  const back = (
    <Link
      to={adminPaths.inbox}
      className={cn(
        "inline-flex items-center gap-1 rounded-md text-sm font-medium text-brand-700",
        "hover:underline dark:text-brand-300",
      )}
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t("message.back")}
    </Link>
  )

  if (notFound) {
    return (
      <div className="space-y-4">
        {back}
        <p role="alert" className={cn(panelBox, "p-6")}>
          {t("message.notFound")}
        </p>
      </div>
    )
  }
  const message = loaded.data
  if (!message) return <Loaded load={loaded} />

  // The reply is written in the visitor's language: subject and attribution line follow it.
  const lng = message.language && isLanguage(message.language) ? message.language : defaultLanguage
  const replyHref = mailtoHref(
    message.email,
    t("message.replySubject", { lng, brand: t("common:brand.name", { lng }) }),
    quote(
      t("message.replyAttribution", {
        lng,
        name: message.name,
        date: formatDateTime(message.createdAt, lng),
      }),
      message.message,
      t("message.replyCut", { lng }),
    ),
  )
  // Opening the mail marks the message replied: the team sees it is handled.
  const markReplied = () => {
    if (message.status !== "replied") void change("replied")
  }
  const details: [string, React.ReactNode][] = [
    ["message.assignee", message.assignee?.username ?? t("team.nobody")],
    [
      "message.email",
      <a
        href={mailtoAddress(message.email)}
        className="break-all text-brand-700 hover:underline dark:text-brand-300"
      >
        {message.email}
      </a>,
    ],
    ["message.company", message.company ?? t("common.none")],
    [
      "message.phone",
      message.phone ? (
        <a
          href={`tel:${message.phone.replace(/[^\d+]/g, "")}`}
          className="text-brand-700 hover:underline dark:text-brand-300"
        >
          {message.phone}
        </a>
      ) : (
        t("common.none")
      ),
    ],
    [
      "message.language",
      message.language && isLanguage(message.language)
        ? languageNames[message.language]
        : (message.language ?? t("common.none")),
    ],
    ["message.page", message.page ?? t("common.none")],
    [
      "message.receivedAt",
      <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, language)}</time>,
    ],
    ["kinds.label", <KindBadge kind={message.kind} always />],
    ["message.status", <StatusBadge status={message.status} />],
  ]
  if (message.spamReason) details.push(["message.spamReason", message.spamReason])

  return (
    <article className="space-y-4" aria-labelledby="message-title">
      {back}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h1
          id="message-title"
          className="min-w-0 break-words text-2xl font-bold tracking-tight sm:text-3xl"
        >
          {message.name}
        </h1>
        <Button asChild>
          <a href={replyHref} onClick={markReplied} data-testid="reply-link">
            <Reply aria-hidden="true" />
            {t("message.reply")}
          </a>
        </Button>
      </div>

      <div role="toolbar" aria-label={t("message.actions")} className="flex flex-wrap gap-2">
        {message.status === "unread" ? (
          <Button variant="outline" size="sm" onClick={() => void change("read")}>
            <MailOpen aria-hidden="true" />
            {t("message.markRead")}
          </Button>
        ) : (
          <Button variant="outline" size="sm" onClick={() => void change("unread")}>
            <Mail aria-hidden="true" />
            {t("message.markUnread")}
          </Button>
        )}
        {message.status === "archived" ? (
          <Button variant="outline" size="sm" onClick={() => void change("read")}>
            <Inbox aria-hidden="true" />
            {t("message.unarchive")}
          </Button>
        ) : (
          <Button variant="outline" size="sm" onClick={() => void change("archived")}>
            <Archive aria-hidden="true" />
            {t("message.archive")}
          </Button>
        )}
        {message.status === "spam" ? (
          <Button variant="outline" size="sm" onClick={() => void change("read")}>
            <ShieldCheck aria-hidden="true" />
            {t("message.notSpam")}
          </Button>
        ) : (
          <Button variant="outline" size="sm" onClick={() => void change("spam")}>
            <ShieldAlert aria-hidden="true" />
            {t("message.spam")}
          </Button>
        )}
        {owner && (
          <Button variant="destructive" size="sm" onClick={() => setConfirmDelete(true)}>
            <Trash2 aria-hidden="true" />
            {t("message.delete")}
          </Button>
        )}
      </div>

      <ActionOutcome outcome={outcome} />

      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Panel id="message-text" heading="label" title={t("message.text")}>
          <p data-testid="message-text" className="whitespace-pre-wrap break-words leading-relaxed">
            {message.message}
          </p>
        </Panel>
        {message.quote && <QuotePanel quote={message.quote} />}
        <Panel id="message-details" heading="label" title={t("message.details")}>
          <dl className="space-y-3 text-sm">
            {details.map(([label, value]) => (
              <div key={label}>
                <dt className="text-slate-600 dark:text-slate-400">{t(label)}</dt>
                <dd className="mt-0.5 break-words font-medium">{value}</dd>
              </div>
            ))}
          </dl>
        </Panel>
        <MessageTeamPanel message={message} onChange={loaded.setData} />
        <MessageSource source={message.source} />
      </div>

      <ConfirmDialog
        open={confirmDelete}
        title={t("inbox.confirmTitle")}
        text={t("message.confirmDelete")}
        confirmLabel={t("message.delete")}
        destructive
        onConfirm={() => void remove()}
        onCancel={() => setConfirmDelete(false)}
      />
    </article>
  )
}
