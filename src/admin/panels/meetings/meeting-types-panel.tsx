import React, { useState } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../../components/ui/button"
import { Field, Input } from "../../../components/ui/field"
import { Panel } from "../../../components/ui/panel"
import { call, endpoints } from "../../client/admin-client"
import type { MeetingType, MeetingTypeInput } from "../../client/meetings-client"
import { ActionOutcome, useAction } from "../../hooks/use-action"

/** Each setting with the limits of the contract (contract/booking.ts, MeetingTypeSettings). */
const fields = [
  { key: "durationMinutes", label: "duration", min: 15, max: 240, step: 15 },
  { key: "bufferAfterMinutes", label: "buffer", min: 0, max: 120, step: 15 },
  { key: "minNoticeMinutes", label: "notice", min: 0, max: 20_160, step: 1 },
  { key: "horizonDays", label: "horizon", min: 1, max: 365, step: 1 },
  { key: "dailyCap", label: "cap", min: 1, max: 48, step: 1 },
] as const

const fits = (value: number, field: (typeof fields)[number]) =>
  Number.isInteger(value) && value >= field.min && value <= field.max && value % field.step === 0

type Props = { types: MeetingType[]; onSaved: (type: MeetingType) => void }

/** The meeting types' durations and rules (owners), one form per type. */
export function MeetingTypesPanel({ types, onSaved }: Props) {
  const { t } = useTranslation("admin")
  return (
    <Panel
      id="meeting-types"
      title={t("meetings.settings.title")}
      lead={t("meetings.settings.lead")}
    >
      <div className="space-y-6">
        {types.map((type) => (
          <MeetingTypeForm key={type.key} type={type} onSaved={onSaved} />
        ))}
      </div>
    </Panel>
  )
}

function MeetingTypeForm({ type, onSaved }: { type: MeetingType; onSaved: Props["onSaved"] }) {
  const { t } = useTranslation("admin")
  const [values, setValues] = useState<Record<keyof MeetingTypeInput, string>>(() => {
    const { key: _key, ...settings } = type
    return Object.fromEntries(
      Object.entries(settings).map(([name, value]) => [name, String(value)]),
    ) as Record<keyof MeetingTypeInput, string>
  })
  const [invalid, setInvalid] = useState(false)
  const { busy, outcome, run } = useAction()
  const name = t(`meetings.types.${type.key}`)

  function submit(event: React.FormEvent) {
    event.preventDefault()
    const settings = Object.fromEntries(
      fields.map((field) => [field.key, Number(values[field.key])]),
    ) as MeetingTypeInput
    const ok = fields.every((field) => fits(settings[field.key], field))
    setInvalid(!ok)
    if (ok)
      void run(type.key, async () => {
        onSaved(await call(endpoints.setMeetingType, { params: { id: type.key }, body: settings }))
        return t("meetings.settings.saved", { type: name })
      })
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`type-${type.key}`}
      data-testid="meeting-type"
    >
      <h3 id={`type-${type.key}`} className="mb-2 font-semibold">
        {name}
      </h3>
      <ActionOutcome outcome={outcome} className="mb-3" />
      {invalid && (
        <p role="alert" className="mb-3 text-sm text-red-800 dark:text-red-300">
          {t("meetings.settings.invalid")}
        </p>
      )}
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {fields.map((field) => (
          <Field
            key={field.key}
            id={`${type.key}-${field.key}`}
            label={t(`meetings.settings.${field.label}`)}
          >
            <Input
              id={`${type.key}-${field.key}`}
              type="number"
              inputMode="numeric"
              min={field.min}
              max={field.max}
              step={field.step}
              value={values[field.key]}
              aria-invalid={(invalid && !fits(Number(values[field.key]), field)) || undefined}
              onChange={(event) => setValues({ ...values, [field.key]: event.target.value })}
            />
          </Field>
        ))}
      </div>
      <Button
        type="submit"
        size="sm"
        className="mt-3"
        disabled={busy !== null}
        aria-label={t("meetings.settings.saveLabel", { type: name })}
      >
        {t("meetings.settings.save")}
      </Button>
    </form>
  )
}
