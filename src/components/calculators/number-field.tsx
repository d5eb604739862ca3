import React, { useId } from "react"
import { useTranslation } from "react-i18next"
import type { InputError } from "../../../content-kit/estimate/result"
import { Field, Input } from "../ui/field"

type Props = {
  /** The field's key in calculators.json `fields` and in the page's query. */
  name: string
  value: string
  onChange: (value: string) => void
  error?: InputError
  /** Whole numbers (counts) get a keypad without a decimal point. */
  whole?: boolean
  /** The copy's namespace: calculators.json, or estimate.json for the panel estimate. */
  ns?: string
}

/** The props of a calculator's field from its form's values, setter and refusals. */
export function fieldsOf<Key extends string>(
  values: Record<Key, string>,
  set: (key: Key, value: string) => void,
  errors: Partial<Record<string, InputError>>,
) {
  return (name: Key) => ({
    name,
    value: values[name],
    onChange: (value: string) => set(name, value),
    error: errors[name],
  })
}

/**
 * A calculator's number, typed as text (a decimal comma is welcome) and refused next to the
 * field, which says so to screen readers (aria-invalid, aria-describedby).
 */
export function NumberField({ name, value, onChange, error, whole, ns = "calculators" }: Props) {
  const { t } = useTranslation(ns)
  const id = `${useId()}-${name}`
  const errorId = `${id}-error`
  return (
    <Field id={id} label={t(`fields.${name}.label`)} hint={t(`fields.${name}.hint`)}>
      <Input
        id={id}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        inputMode={whole ? "numeric" : "decimal"}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
          {t(`errors.${error}`)}
        </p>
      )}
    </Field>
  )
}
