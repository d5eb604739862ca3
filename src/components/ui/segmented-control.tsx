import React from "react"
import { cn } from "./cn"

/** The look of a segment, by what it shows: an icon or a short word. */
export const segmentSizes = {
  icon: "size-8",
  text: "h-8 min-w-9 px-2 text-xs font-semibold uppercase",
}

const segment =
  "inline-flex items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 aria-pressed:bg-brand-600 " +
  "aria-pressed:text-white dark:text-slate-200 dark:hover:bg-slate-800 dark:aria-pressed:bg-brand-600"

type Option<T extends string> = {
  value: T
  /** The accessible name, also shown as a tooltip. */
  label: string
  /** What the segment shows, hidden from screen readers (they read the label). */
  children: React.ReactNode
  lang?: string
}

type Props<T extends string> = {
  label: string
  value: T
  options: Option<T>[]
  onChange: (value: T) => void
  size: keyof typeof segmentSizes
  className?: string
}

/** A row of toggle buttons of which exactly one is pressed: the current choice. */
export function SegmentedControl<T extends string>({
  label,
  value,
  options,
  onChange,
  size,
  className,
}: Props<T>) {
  return (
    <div
      role="group"
      aria-label={label}
      className={cn(
        "inline-flex rounded-lg border border-slate-300 p-0.5 dark:border-slate-600",
        className,
      )}
    >
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          lang={option.lang}
          aria-pressed={value === option.value}
          title={option.label}
          onClick={() => onChange(option.value)}
          className={cn(segment, segmentSizes[size])}
        >
          {option.children}
          <span className="sr-only">{option.label}</span>
        </button>
      ))}
    </div>
  )
}
