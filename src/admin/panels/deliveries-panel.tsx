import { Link } from "gatsby"
import { RefreshCw, RotateCcw, Send } from "lucide-react"
import React, { useState } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button"
import { cn } from "../../components/ui/cn"
import { Panel } from "../../components/ui/panel"
import { useLanguage } from "../../i18n/language-context"
import { adminPaths } from "../admin-routes"
import {
  ApiError,
  call,
  endpoints,
  type Delivery,
  type WebhookOverview,
  UnauthorizedError,
} from "../client/admin-client"
import { useLoad } from "../hooks/use-load"
import { Flash, formatDateTime, Loaded } from "../ui/admin-ui"

const stateTone: Record<Delivery["status"], string> = {
  pending:
    "bg-amber-50 text-amber-900 ring-amber-700/30 dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-400/40",
  sent: "bg-green-50 text-green-900 ring-green-700/30 dark:bg-green-950 dark:text-green-100 dark:ring-green-400/40",
  failed:
    "bg-red-50 text-red-800 ring-red-700/30 dark:bg-red-950 dark:text-red-100 dark:ring-red-400/40",
}

function DeliveryState({ status }: { status: Delivery["status"] }) {
  const { t } = useTranslation("admin")
  return (
    <span
      className={cn(
        "inline-flex shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset",
        stateTone[status],
      )}
    >
      {t(`deliveries.state.${status}`)}
    </span>
  )
}

function DeliveryLine({ delivery, action }: { delivery: Delivery; action?: React.ReactNode }) {
  const { t } = useTranslation("admin")
  const { language } = useLanguage()
  return (
    <li data-testid="delivery" className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
      <DeliveryState status={delivery.status} />
      <span className="font-medium">{t(`deliveries.kind.${delivery.kind}`)}</span>
      <time dateTime={delivery.createdAt} className="text-slate-600 dark:text-slate-400">
        {formatDateTime(delivery.createdAt, language, "short")}
      </time>
      <span className="text-slate-600 dark:text-slate-400">
        {t("deliveries.attempts", { count: delivery.attempts })}
      </span>
      {delivery.lastError && (
        <code
          className={cn(
            "max-w-full truncate rounded bg-slate-100 px-1.5 text-xs text-slate-800",
            "dark:bg-slate-800 dark:text-slate-200",
          )}
        >
          {delivery.lastError}
        </code>
      )}
      {delivery.messageId && (
        <Link
          to={adminPaths.message(delivery.messageId)}
          className="text-brand-700 underline underline-offset-2 dark:text-brand-300"
        >
          {t("deliveries.openMessage")}
        </Link>
      )}
      {action && <span className="ml-auto">{action}</span>}
    </li>
  )
}

/** The outbox: what failed for good (retry by hand), and each webhook's latest deliveries with a test event. */
export function DeliveriesPanel() {
  const { t } = useTranslation("admin")
  const { language } = useLanguage()
  const [version, setVersion] = useState(0)
  const outbox = useLoad(() => call(endpoints.getOutbox), `outbox#${version}`)
  const webhooks = useLoad(() => call(endpoints.listWebhooks), `webhooks#${version}`)
  const [flash, setFlash] = useState<{ tone: "success" | "error"; text: string } | null>(null)
  const [busy, setBusy] = useState<string | null>(null)

  async function act(key: string, action: () => Promise<unknown>, done: string) {
    setBusy(key)
    try {
      await action()
      setFlash({ tone: "success", text: done })
      setVersion((n) => n + 1)
    } catch (error) {
      if (error instanceof UnauthorizedError) return
      const removed = error instanceof ApiError && error.code === "webhook_not_configured"
      setFlash({
        tone: "error",
        text: removed ? t("deliveries.notConfigured") : t("common.actionError"),
      })
    } finally {
      setBusy(null)
    }
  }

  const sendTest = (webhook: WebhookOverview) =>
    act(
      `test-${webhook.index}`,
      () => call(endpoints.sendTestEvent, { params: { index: String(webhook.index) } }),
      t("deliveries.testQueued", { label: webhook.label }),
    )
  const retry = (delivery: Delivery) =>
    act(
      delivery.id,
      () => call(endpoints.retryDelivery, { params: { id: delivery.id } }),
      t("deliveries.retried"),
    )

  return (
    <Panel
      id="deliveries"
      title={t("deliveries.title")}
      actions={
        <Button variant="outline" size="sm" onClick={() => setVersion((n) => n + 1)}>
          <RefreshCw aria-hidden="true" />
          {t("deliveries.refresh")}
        </Button>
      }
      lead={
        <>
          {t("deliveries.lead")}{" "}
          {outbox.data?.counts && (
            <span data-testid="delivery-counts">{t("deliveries.counts", outbox.data.counts)}</span>
          )}
        </>
      }
    >
      {flash && <Flash tone={flash.tone}>{flash.text}</Flash>}

      {/* An answer without its lists (an older server) shows nothing rather than crash. */}
      <h3 className="mt-5 font-semibold">{t("deliveries.failedTitle")}</h3>
      <Loaded
        load={outbox}
        empty={t("deliveries.failedEmpty")}
        isEmpty={(data) => (data.failed ?? []).length === 0}
      >
        {(data) => (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {(data.failed ?? []).map((delivery) => (
              <DeliveryLine
                key={delivery.id}
                delivery={delivery}
                action={
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={busy === delivery.id}
                    onClick={() => void retry(delivery)}
                    aria-label={t("deliveries.retryLabel", {
                      kind: t(`deliveries.kind.${delivery.kind}`),
                      date: formatDateTime(delivery.createdAt, language, "short"),
                    })}
                  >
                    <RotateCcw aria-hidden="true" />
                    {t("deliveries.retry")}
                  </Button>
                }
              />
            ))}
          </ul>
        )}
      </Loaded>

      <h3 className="mt-5 font-semibold">{t("deliveries.webhooksTitle")}</h3>
      <Loaded
        load={webhooks}
        empty={t("deliveries.webhooksEmpty")}
        isEmpty={(data) => (data.webhooks ?? []).length === 0}
      >
        {(data) =>
          (data.webhooks ?? []).map((webhook) => (
            <div
              key={webhook.index}
              data-testid="webhook"
              className="mt-3 rounded-lg border border-slate-200 p-3 dark:border-slate-800"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="min-w-0 text-sm">
                  <span className="break-all font-medium">{webhook.label}</span>{" "}
                  <span className="text-slate-600 dark:text-slate-400">
                    ({t(`deliveries.format.${webhook.format}`)})
                  </span>
                </p>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={busy === `test-${webhook.index}`}
                  onClick={() => void sendTest(webhook)}
                  aria-label={t("deliveries.sendTestLabel", { label: webhook.label })}
                >
                  <Send aria-hidden="true" />
                  {t("deliveries.sendTest")}
                </Button>
              </div>
              {webhook.deliveries.length === 0 ? (
                <p className="pt-2 text-sm text-slate-600 dark:text-slate-400">
                  {t("deliveries.recentEmpty")}
                </p>
              ) : (
                <ul className="divide-y divide-slate-100 dark:divide-slate-800">
                  {webhook.deliveries.map((delivery) => (
                    <DeliveryLine key={delivery.id} delivery={delivery} />
                  ))}
                </ul>
              )}
            </div>
          ))
        }
      </Loaded>
    </Panel>
  )
}
