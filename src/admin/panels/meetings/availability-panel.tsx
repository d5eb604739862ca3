import React, { useMemo, useState } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../../components/ui/button"
import { Field, Input } from "../../../components/ui/field"
import { Panel } from "../../../components/ui/panel"
import { call, endpoints } from "../../client/admin-client"
import {
  type AvailabilityInput,
  type BookingSettingsPayload,
  type MemberAvailability,
} from "../../client/meetings-client"
import { ActionOutcome, useAction } from "../../hooks/use-action"
import { select } from "../../ui/admin-ui"

const WEEKDAYS = ["1", "2", "3", "4", "5", "6", "7"] as const
/** Quarter hours, as the contract's hours take them; "24:00" only ends a day. */
const QUARTERS = Array.from(
  { length: 97 },
  (_, i) =>
    `${String(Math.floor(i / 4)).padStart(2, "0")}:${String((i % 4) * 15).padStart(2, "0")}`,
)

/** The zones the browser knows, with the member's own even when it does not list it. */
function zoneChoices(current: string): string[] {
  const known = Intl.supportedValuesOf("timeZone")
  return known.includes(current) ? known : [current, ...known]
}

/** ISO weekday names in the admin's language ("1" is Monday: 2024-01-01 was one). */
function weekdayNames(language: string): Record<string, string> {
  const format = new Intl.DateTimeFormat(language, { weekday: "long", timeZone: "UTC" })
  return Object.fromEntries(
    WEEKDAYS.map((day) => [day, format.format(new Date(Date.UTC(2024, 0, Number(day))))]),
  )
}

type Props = {
  members: MemberAvailability[]
  /** The member whose hours are edited first: the one signed in, when bookable at all. */
  initialId: string | undefined
  /** Owners choose among every member; a member edits their own. */
  chooseMember: boolean
  onSaved: (settings: BookingSettingsPayload) => void
}

export function AvailabilityPanel({ members, initialId, chooseMember, onSaved }: Props) {
  const { t } = useTranslation("admin")
  const [memberId, setMemberId] = useState(initialId ?? members[0]?.memberId)
  const member = members.find((m) => m.memberId === memberId)
  return (
    <Panel
      id="availability"
      title={t("meetings.availability.title")}
      lead={t("meetings.availability.lead")}
    >
      {chooseMember && (
        <Field id="availability-member" label={t("meetings.availability.member")} className="mb-4">
          <select
            id="availability-member"
            className={select.field}
            value={memberId}
            onChange={(event) => setMemberId(event.target.value)}
          >
            {members.map((m) => (
              <option key={m.memberId} value={m.memberId}>
                {m.username}
              </option>
            ))}
          </select>
        </Field>
      )}
      {member && <AvailabilityForm key={member.memberId} member={member} onSaved={onSaved} />}
    </Panel>
  )
}

const validHours = (weekly: AvailabilityInput["weekly"]) =>
  Object.values(weekly).every((stretches) => stretches.every((s) => s.start < s.end))
const validTimeOff = (timeOff: AvailabilityInput["timeOff"]) =>
  timeOff.every((period) => period.start && period.end && period.start < period.end)

function AvailabilityForm({
  member,
  onSaved,
}: {
  member: MemberAvailability
  onSaved: Props["onSaved"]
}) {
  const { t, i18n } = useTranslation("admin")
  const [email, setEmail] = useState(member.email ?? "")
  const [zone, setZone] = useState(member.zone)
  const [bookable, setBookable] = useState(member.bookable)
  const [weekly, setWeekly] = useState(member.weekly)
  const [timeOff, setTimeOff] = useState(member.timeOff)
  const [invalid, setInvalid] = useState(false)
  const { busy, outcome, run } = useAction()
  const days = useMemo(() => weekdayNames(i18n.language), [i18n.language])
  const zones = useMemo(() => zoneChoices(member.zone), [member.zone])
  const id = (name: string) => `availability-${name}`

  const setDay = (day: string, stretches: AvailabilityInput["weekly"][string]) =>
    setWeekly({ ...weekly, [day]: stretches })

  function submit(event: React.FormEvent) {
    event.preventDefault()
    const ok = validHours(weekly) && validTimeOff(timeOff)
    setInvalid(!ok)
    if (!ok) return
    const body: AvailabilityInput = {
      email: email.trim() || null,
      zone,
      bookable,
      weekly: Object.fromEntries(Object.entries(weekly).filter(([, list]) => list.length)),
      timeOff,
    }
    void run("save", async () => {
      onSaved(await call(endpoints.setAvailability, { params: { id: member.memberId }, body }))
      return t("meetings.availability.saved", { username: member.username })
    })
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5" data-testid="availability-form">
      <ActionOutcome outcome={outcome} />
      {invalid && (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          {t("meetings.availability.invalid")}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={id("email")}
          label={t("meetings.availability.email")}
          hint={t("meetings.availability.emailHint")}
        >
          <Input
            id={id("email")}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </Field>
        <Field id={id("zone")} label={t("meetings.availability.zone")}>
          <select
            id={id("zone")}
            className={select.field}
            value={zone}
            onChange={(event) => setZone(event.target.value)}
          >
            {zones.map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
        </Field>
      </div>
      <label className="flex items-center gap-2 font-medium">
        <input
          type="checkbox"
          className="size-4"
          checked={bookable}
          onChange={(event) => setBookable(event.target.checked)}
        />
        {t("meetings.availability.bookable")}
      </label>

      <fieldset>
        <legend className="mb-2 font-semibold">{t("meetings.availability.weekly")}</legend>
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {WEEKDAYS.map((day) => {
            const stretches = weekly[day] ?? []
            return (
              <li key={day} data-testid={`weekday-${day}`} className="flex flex-wrap gap-3 py-2">
                <span className="w-full pt-2 font-medium first-letter:uppercase sm:w-28">
                  {days[day]}
                </span>
                <div className="flex min-w-0 flex-1 flex-col gap-2">
                  {stretches.length === 0 && (
                    <span className="pt-2 text-sm text-slate-600 dark:text-slate-400">
                      {t("meetings.availability.noHours")}
                    </span>
                  )}
                  {stretches.map((stretch, index) => {
                    const replace = (change: Partial<typeof stretch>) =>
                      setDay(
                        day,
                        stretches.map((s, i) => (i === index ? { ...s, ...change } : s)),
                      )
                    const label = `${days[day]} ${index + 1}`
                    return (
                      <div key={index} className="flex items-center gap-2">
                        {/* The width of "24:00": a stretch stays on one line. */}
                        <span className="w-24 shrink-0">
                          <select
                            aria-label={`${label}, ${t("meetings.availability.from")}`}
                            className={select.compact}
                            value={stretch.start}
                            aria-invalid={(invalid && stretch.start >= stretch.end) || undefined}
                            onChange={(event) => replace({ start: event.target.value })}
                          >
                            {QUARTERS.slice(0, -1).map((q) => (
                              <option key={q}>{q}</option>
                            ))}
                          </select>
                        </span>
                        <span aria-hidden="true">–</span>
                        <span className="w-24 shrink-0">
                          <select
                            aria-label={`${label}, ${t("meetings.availability.to")}`}
                            className={select.compact}
                            value={stretch.end}
                            onChange={(event) => replace({ end: event.target.value })}
                          >
                            {QUARTERS.slice(1).map((q) => (
                              <option key={q}>{q}</option>
                            ))}
                          </select>
                        </span>
                        <Button
                          type="button"
                          size="sm"
                          variant="ghost"
                          aria-label={t("meetings.availability.removeHoursLabel", {
                            from: stretch.start,
                            to: stretch.end,
                            day: days[day],
                          })}
                          onClick={() =>
                            setDay(
                              day,
                              stretches.filter((_, i) => i !== index),
                            )
                          }
                        >
                          {t("meetings.availability.removeHours")}
                        </Button>
                      </div>
                    )
                  })}
                </div>
                {stretches.length < 6 && (
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    aria-label={t("meetings.availability.addHoursLabel", { day: days[day] })}
                    onClick={() => setDay(day, [...stretches, { start: "09:00", end: "18:00" }])}
                  >
                    {t("meetings.availability.addHours")}
                  </Button>
                )}
              </li>
            )
          })}
        </ul>
      </fieldset>

      <fieldset>
        <legend className="mb-2 font-semibold">{t("meetings.availability.timeOff")}</legend>
        {timeOff.length === 0 && (
          <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">
            {t("meetings.availability.noTimeOff")}
          </p>
        )}
        <ul className="space-y-2">
          {timeOff.map((period, index) => {
            const replace = (change: Partial<typeof period>) =>
              setTimeOff(timeOff.map((p, i) => (i === index ? { ...p, ...change } : p)))
            return (
              <li key={index} data-testid="time-off" className="flex flex-wrap items-end gap-2">
                {(["start", "end"] as const).map((edge) => (
                  <Field
                    key={edge}
                    id={id(`off-${index}-${edge}`)}
                    label={t(
                      edge === "start"
                        ? "meetings.availability.timeOffStart"
                        : "meetings.availability.timeOffEnd",
                    )}
                  >
                    <Input
                      id={id(`off-${index}-${edge}`)}
                      type="datetime-local"
                      value={period[edge].slice(0, 16)}
                      onChange={(event) => replace({ [edge]: event.target.value })}
                    />
                  </Field>
                ))}
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  aria-label={t("meetings.availability.removeTimeOffLabel", {
                    start: period.start || "…",
                  })}
                  onClick={() => setTimeOff(timeOff.filter((_, i) => i !== index))}
                >
                  {t("meetings.availability.removeTimeOff")}
                </Button>
              </li>
            )
          })}
        </ul>
        <Button
          type="button"
          size="sm"
          variant="outline"
          className="mt-2"
          onClick={() => setTimeOff([...timeOff, { start: "", end: "" }])}
        >
          {t("meetings.availability.addTimeOff")}
        </Button>
      </fieldset>

      <Button type="submit" disabled={busy !== null}>
        {t("meetings.availability.save")}
      </Button>
    </form>
  )
}
