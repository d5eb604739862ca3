import React, { useState } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../../components/ui/button"
import { Field, Input } from "../../../components/ui/field"
import { Panel } from "../../../components/ui/panel"
import { call, endpoints } from "../../client/admin-client"
import type { BookingSettingsPayload } from "../../client/meetings-client"
import { ActionOutcome, useAction } from "../../hooks/use-action"

type Props = { closures: string[]; onSaved: (settings: BookingSettingsPayload) => void }

/** The company's closed days (owners): each added or removed is saved at once. */
export function ClosuresPanel({ closures, onSaved }: Props) {
  const { t, i18n } = useTranslation("admin")
  const [date, setDate] = useState("")
  const { busy, outcome, run } = useAction()
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: "full", timeZone: "UTC" })
  const save = (dates: string[]) =>
    run("closures", async () => {
      onSaved(await call(endpoints.setClosures, { body: { dates: [...new Set(dates)].sort() } }))
      setDate("")
      return t("meetings.closures.saved")
    })

  return (
    <Panel id="closures" title={t("meetings.closures.title")} lead={t("meetings.closures.lead")}>
      <ActionOutcome outcome={outcome} className="mb-4" />
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault()
          if (date) void save([...closures, date])
        }}
      >
        <Field id="closure-date" label={t("meetings.closures.date")}>
          <Input
            id="closure-date"
            type="date"
            value={date}
            onChange={(event) => setDate(event.target.value)}
          />
        </Field>
        <Button type="submit" disabled={!date || busy !== null}>
          {t("meetings.closures.add")}
        </Button>
      </form>
      {closures.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
          {t("meetings.closures.empty")}
        </p>
      ) : (
        <ul className="mt-4 space-y-1">
          {closures.map((closed) => {
            const name = day.format(new Date(`${closed}T00:00:00Z`))
            return (
              <li key={closed} data-testid="closure" className="flex items-center gap-3">
                <span className="flex-1">{name}</span>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={busy !== null}
                  aria-label={t("meetings.closures.removeLabel", { date: name })}
                  onClick={() => void save(closures.filter((other) => other !== closed))}
                >
                  {t("meetings.closures.remove")}
                </Button>
              </li>
            )
          })}
        </ul>
      )}
    </Panel>
  )
}
