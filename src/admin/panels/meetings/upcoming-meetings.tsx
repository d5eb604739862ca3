import { Link } from "gatsby"
import React from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../../components/ui/button"
import { Panel } from "../../../components/ui/panel"
import { adminPaths } from "../../admin-routes"
import { call, endpoints } from "../../client/admin-client"
import type { Meeting } from "../../client/meetings-client"
import { ActionOutcome, useAction } from "../../hooks/use-action"
import { useLoad } from "../../hooks/use-load"
import { Loaded } from "../../ui/admin-ui"

const DAY_MS = 24 * 60 * 60 * 1000
/** How far back a started meeting without its outcome is still listed, to be marked. */
const AWAITING_DAYS = 14

const outcomes = [
  { status: "done", label: "meetings.markDoneLabel", button: "meetings.markDone" },
  { status: "no_show", label: "meetings.markNoShowLabel", button: "meetings.markNoShow" },
] as const

const awaitsOutcome = (meeting: Meeting, now: number) =>
  Date.parse(meeting.start) <= now &&
  (meeting.status === "booked" || meeting.status === "rescheduled")

/** The meetings to show, by calendar day in `zone`, in order: upcoming, or started and unmarked. */
export function meetingsByDay(meetings: Meeting[], zone: string, language: string, now: number) {
  const day = new Intl.DateTimeFormat(language, {
    timeZone: zone,
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
  })
  const days = new Map<string, Meeting[]>()
  for (const meeting of [...meetings].sort((a, b) => a.start.localeCompare(b.start))) {
    if (Date.parse(meeting.end) < now && !awaitsOutcome(meeting, now)) continue
    const name = day.format(new Date(meeting.start))
    days.set(name, [...(days.get(name) ?? []), meeting])
  }
  return [...days]
}

/** Upcoming meetings by day, each with its visitor and member; started ones can be marked. */
export function UpcomingMeetings({ zone }: { zone: string }) {
  const { t, i18n } = useTranslation("admin")
  const [now] = React.useState(() => Date.now())
  const meetings = useLoad(
    () =>
      call(endpoints.listMeetings, {
        query: { from: new Date(now - AWAITING_DAYS * DAY_MS).toISOString() },
      }),
    "meetings",
  )
  const { busy, outcome, run } = useAction()
  const time = new Intl.DateTimeFormat(i18n.language, {
    timeZone: zone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  })

  const mark = (meeting: Meeting, status: "done" | "no_show") =>
    run(meeting.id, async () => {
      const changed = await call(endpoints.setMeetingOutcome, {
        params: { id: meeting.id },
        body: { status },
      })
      meetings.setData((meetings.data ?? []).map((m) => (m.id === changed.id ? changed : m)))
      return t("meetings.marked", {
        name: meeting.name,
        status: t(`meetings.statuses.${status}`),
      })
    })

  return (
    <Panel id="meetings" title={t("meetings.upcoming")} lead={t("meetings.upcomingLead", { zone })}>
      <ActionOutcome outcome={outcome} className="mb-4" />
      <Loaded
        load={meetings}
        empty={t("meetings.empty")}
        isEmpty={(all) => meetingsByDay(all, zone, i18n.language, now).length === 0}
      >
        {(all) => (
          <div className="space-y-6">
            {meetingsByDay(all, zone, i18n.language, now).map(([day, list]) => (
              <section key={day} aria-label={day}>
                <h3 className="mb-2 text-sm font-semibold text-slate-700 first-letter:uppercase dark:text-slate-300">
                  {day}
                </h3>
                <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
                  {list.map((meeting) => (
                    <li
                      key={meeting.id}
                      data-testid="meeting"
                      className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3"
                    >
                      <span className="w-12 font-semibold tabular-nums">
                        <span className="sr-only">{t("meetings.time")} </span>
                        {time.format(new Date(meeting.start))}
                      </span>
                      <span className="min-w-0 flex-1">
                        <span className="block font-medium">
                          <Link
                            to={adminPaths.message(meeting.messageId)}
                            data-testid="meeting-visitor"
                            className="underline-offset-4 hover:underline"
                          >
                            {meeting.name}
                          </Link>
                          {meeting.company && (
                            <span className="font-normal text-slate-600 dark:text-slate-400">
                              {" · "}
                              <span className="sr-only">{t("meetings.company")} </span>
                              {meeting.company}
                            </span>
                          )}
                        </span>
                        <span className="block text-sm text-slate-600 dark:text-slate-400">
                          {t(`meetings.types.${meeting.type}`)} · {t("meetings.member")}{" "}
                          {meeting.member.username}
                        </span>
                      </span>
                      <span
                        data-testid="meeting-status"
                        className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800 dark:bg-slate-800 dark:text-slate-200"
                      >
                        {t(`meetings.statuses.${meeting.status}`)}
                      </span>
                      {awaitsOutcome(meeting, now) && (
                        <span className="flex gap-2">
                          {outcomes.map(({ status, label, button }) => (
                            <Button
                              key={status}
                              size="sm"
                              variant="outline"
                              disabled={busy !== null}
                              aria-label={t(label, { name: meeting.name })}
                              onClick={() => void mark(meeting, status)}
                            >
                              {t(button)}
                            </Button>
                          ))}
                        </span>
                      )}
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
      </Loaded>
    </Panel>
  )
}
