import React from "react"
import { listOf, toggled } from "./panel-query"

type Props = {
  /** The form field the checkboxes post, as the quote's body names it. */
  name: string
  legend: string
  hint?: string
  options: { code: string; label: string }[]
  /** The chosen codes, as the page's query keeps them ("AE,SA"). */
  value: string
  onChange: (value: string) => void
  error?: string
}

/** Checkboxes that post every chosen code under one name (the form post's lists). */
export function ChoiceList({ name, legend, hint, options, value, onChange, error }: Props) {
  const chosen = listOf(value)
  const order = options.map((option) => option.code)
  const errorId = `${name}-error`
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">
        {legend}
        {hint && <span className="font-normal text-slate-600 dark:text-slate-400"> ({hint})</span>}
      </legend>
      <div className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
        {options.map((option) => (
          <label key={option.code} className="flex min-h-11 items-center gap-2 text-base">
            <input
              type="checkbox"
              name={name}
              value={option.code}
              checked={chosen.includes(option.code)}
              onChange={(event) =>
                onChange(toggled(value, option.code, event.target.checked, order))
              }
              className="h-5 w-5 shrink-0 accent-brand-700"
            />
            {option.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </fieldset>
  )
}
