import React from "react"

/**
 * The calculator's answer, read out when it changes. Refused input shows a dash: the reason is
 * next to the field.
 */
export function CalculatorResult({
  label,
  value,
  detail,
}: {
  label: string
  value: string | undefined
  detail?: string
}) {
  return (
    <output
      aria-live="polite"
      className="block rounded-xl bg-brand-50 p-5 text-slate-900 dark:bg-slate-800 dark:text-slate-100"
    >
      <span className="block text-sm font-medium text-slate-700 dark:text-slate-300">{label}</span>
      <span className="mt-1 block text-4xl font-extrabold tracking-tight" data-testid="result">
        {value ?? "–"}
      </span>
      {value !== undefined && detail && (
        <span className="mt-2 block text-sm text-slate-700 dark:text-slate-300">{detail}</span>
      )}
    </output>
  )
}
