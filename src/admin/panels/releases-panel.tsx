import { Eye, RefreshCw, RotateCcw, Upload } from "lucide-react"
import React, { useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button"
import { cn } from "../../components/ui/cn"
import { Panel } from "../../components/ui/panel"
import { useLanguage } from "../../i18n/language-context"
import { call, endpoints, type Release } from "../client/admin-client"
import { useIsOwner } from "../hooks/shared-values"
import { ActionOutcome, useAction } from "../hooks/use-action"
import { useLoad } from "../hooks/use-load"
import { formatDateTime, Loaded } from "../ui/admin-ui"
import { ConfirmDialog } from "../ui/confirm-dialog"

/** While a build runs, the list is asked again this often. */
const POLL_MS = 4000

const statusTone: Record<Release["status"], string> = {
  building:
    "bg-amber-50 text-amber-900 ring-amber-700/30 dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-400/40",
  ready:
    "bg-green-50 text-green-900 ring-green-700/30 dark:bg-green-950 dark:text-green-100 dark:ring-green-400/40",
  failed:
    "bg-red-50 text-red-800 ring-red-700/30 dark:bg-red-950 dark:text-red-100 dark:ring-red-400/40",
  pruned:
    "bg-slate-100 text-slate-700 ring-slate-600/30 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-400/40",
}

function ReleaseStatus({ release, live }: { release: Release; live: boolean }) {
  const { t } = useTranslation("admin")
  return (
    <span
      className={cn(
        "inline-flex shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset",
        statusTone[release.status],
      )}
    >
      {live ? t("releases.live") : t(`releases.status.${release.status}`)}
    </span>
  )
}

function ReleaseLogView({ id }: { id: string }) {
  const { t } = useTranslation("admin")
  const log = useLoad(() => call(endpoints.getReleaseLog, { params: { id } }), `release-log#${id}`)
  return (
    <Loaded load={log}>
      {(data) => (
        <pre
          aria-label={t("releases.logLabel")}
          // A scrollable region takes the keyboard's focus (axe: scrollable-region-focusable).
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          className={cn(
            "mt-2 max-h-80 overflow-auto whitespace-pre-wrap rounded-lg bg-slate-100 p-3 text-xs",
            "text-slate-800 dark:bg-slate-800 dark:text-slate-100",
          )}
        >
          {data.log}
        </pre>
      )}
    </Loaded>
  )
}

/** What the site serves, the builds that led to it, and (owners) publish, preview, roll back. */
export function ReleasesPanel() {
  const { t } = useTranslation("admin")
  const { language } = useLanguage()
  const owner = useIsOwner()
  const [version, setVersion] = useState(0)
  const overview = useLoad(() => call(endpoints.listReleases), `releases#${version}`)
  const { busy, outcome, run } = useAction<"publish" | "preview" | "rollback">()
  const [confirming, setConfirming] = useState<Release | null>(null)
  const [openLog, setOpenLog] = useState<string | null>(null)

  const building = overview.data?.building ?? false
  const queued = overview.data?.queued ?? null
  useEffect(() => {
    if (!building && !queued) return
    const timer = setTimeout(() => setVersion((n) => n + 1), POLL_MS)
    return () => clearTimeout(timer)
  }, [building, queued, version])

  /** Runs an action, then asks for the list again; its words are the success announced. */
  const act = (
    name: "publish" | "preview" | "rollback",
    action: () => Promise<unknown>,
    done: string,
  ) =>
    run(name, async () => {
      await action()
      setVersion((n) => n + 1)
      return done
    })

  const live = overview.data?.live ?? null
  const releases = overview.data?.releases ?? []
  const date = (iso: string) => formatDateTime(iso, language, "short")

  return (
    <Panel
      id="releases"
      title={t("releases.title")}
      lead={t("releases.lead")}
      actions={
        <Button variant="outline" size="sm" onClick={() => setVersion((n) => n + 1)}>
          <RefreshCw aria-hidden="true" />
          {t("releases.refresh")}
        </Button>
      }
    >
      {/* A failed reload says so rather than keep an old list. */}
      <Loaded load={{ ...overview, data: overview.failed ? null : overview.data }}>
        {() => (
          <>
            <p data-testid="live-release" className="text-sm">
              {live
                ? t("releases.liveSince", { date: date(live.switchedAt), id: live.id })
                : t("releases.noRelease")}
            </p>
            {building && (
              <p
                role="status"
                className="mt-2 text-sm font-medium text-amber-800 dark:text-amber-200"
              >
                {t("releases.building")}
              </p>
            )}
            {queued && (
              <p data-testid="queued-release" className="mt-1 text-sm">
                {t(queued.actor ? "releases.queuedBy" : "releases.queuedFrom", {
                  actor: queued.actor,
                  trigger: t(`releases.trigger.${queued.trigger}`),
                  date: date(queued.askedAt),
                })}
              </p>
            )}
            {owner && (
              <div className="mt-4 flex flex-wrap gap-2">
                <Button
                  disabled={busy !== null}
                  onClick={() =>
                    act(
                      "publish",
                      () => call(endpoints.publishNow),
                      t(building ? "releases.queued" : "releases.started"),
                    )
                  }
                >
                  <Upload aria-hidden="true" />
                  {t("releases.publish")}
                </Button>
                <Button
                  variant="outline"
                  disabled={busy !== null || building}
                  onClick={() =>
                    act("preview", () => call(endpoints.buildPreview), t("releases.previewStarted"))
                  }
                >
                  <Eye aria-hidden="true" />
                  {t("releases.preview")}
                </Button>
              </div>
            )}
            <ActionOutcome outcome={outcome} className="mt-3" />

            <h3 className="mt-6 text-base font-semibold">{t("releases.history")}</h3>
            {releases.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
                {t("releases.empty")}
              </p>
            ) : (
              <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
                {releases.map((release) => {
                  const isLive = release.id === live?.id
                  const canRollBack =
                    owner && !isLive && release.kind === "live" && release.status === "ready"
                  return (
                    <li key={release.id} data-testid="release" className="py-3 text-sm">
                      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                        <ReleaseStatus release={release} live={isLive} />
                        <time dateTime={release.startedAt} className="font-medium">
                          {date(release.startedAt)}
                        </time>
                        <span className="text-slate-600 dark:text-slate-400">
                          {t(`releases.kind.${release.kind}`)} ·{" "}
                          {t(`releases.trigger.${release.trigger}`)}
                          {release.actor ? ` · ${release.actor}` : ""}
                          {release.commit ? ` · ${release.commit.slice(0, 7)}` : ""}
                          {release.seconds !== null
                            ? ` · ${t("releases.seconds", { count: Math.round(release.seconds) })}`
                            : ""}
                        </span>
                        <span className="ml-auto flex flex-wrap gap-2">
                          {release.previewPath && (
                            <a
                              href={release.previewPath}
                              target="_blank"
                              rel="noopener"
                              className="rounded-md text-brand-700 underline underline-offset-2 dark:text-brand-300"
                            >
                              {t("releases.openPreview")}
                            </a>
                          )}
                          {release.status !== "pruned" && (
                            <Button
                              variant="outline"
                              size="sm"
                              aria-expanded={openLog === release.id}
                              onClick={() => setOpenLog(openLog === release.id ? null : release.id)}
                            >
                              {t(openLog === release.id ? "releases.hideLog" : "releases.showLog")}
                            </Button>
                          )}
                          {canRollBack && (
                            <Button
                              variant="outline"
                              size="sm"
                              disabled={busy !== null}
                              aria-label={t("releases.rollBackLabel", {
                                date: date(release.startedAt),
                              })}
                              onClick={() => setConfirming(release)}
                            >
                              <RotateCcw aria-hidden="true" />
                              {t("releases.rollBack")}
                            </Button>
                          )}
                        </span>
                      </div>
                      {release.errorCode && (
                        <p className="mt-1 text-red-800 dark:text-red-200">
                          {t(`releases.errors.${release.errorCode}`)}
                        </p>
                      )}
                      {release.nextDueAt && (
                        <p className="mt-1 text-slate-600 dark:text-slate-400">
                          {t("releases.nextDue", { date: date(release.nextDueAt) })}
                        </p>
                      )}
                      {openLog === release.id && <ReleaseLogView id={release.id} />}
                    </li>
                  )
                })}
              </ul>
            )}
          </>
        )}
      </Loaded>
      <ConfirmDialog
        open={confirming !== null}
        title={t("releases.confirmTitle")}
        text={confirming ? t("releases.confirmText", { date: date(confirming.startedAt) }) : ""}
        confirmLabel={t("releases.rollBack")}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          const target = confirming!
          setConfirming(null)
          void act(
            "rollback",
            () => call(endpoints.rollBack, { params: { id: target.id } }),
            t("releases.rolledBack"),
          )
        }}
      />
    </Panel>
  )
}
