import { cva, type VariantProps } from "class-variance-authority"
import React from "react"
import { cn } from "./cn"

export const segmentVariants = cva(
  "inline-flex h-8 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 aria-pressed:bg-brand-600 aria-pressed:text-white dark:text-slate-200 dark:hover:bg-slate-800 dark:aria-pressed:bg-brand-600",
  {
    variants: {
      size: {
        icon: "w-8",
        text: "min-w-9 px-2 text-xs font-semibold uppercase",
      },
    },
    defaultVariants: { size: "text" },
  },
)

type Option<T extends string> = {
  value: T
  /** The accessible name, also shown as a tooltip. */
  label: string
  /** What the segment shows; the label is read out instead. */
  children: React.ReactNode
  lang?: string
}

type Props<T extends string> = VariantProps<typeof segmentVariants> & {
  label: string
  value: T
  options: Option<T>[]
  onChange: (value: T) => void
  className?: string
}

/** A row of toggle buttons of which exactly one is pressed: the current choice. */
export function SegmentedControl<T extends string>({ label, value, options, onChange, size, className }: Props<T>) {
  return (
    <div role="group" aria-label={label} className={cn("inline-flex rounded-lg border border-slate-300 p-0.5 dark:border-slate-600", className)}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          lang={option.lang}
          aria-pressed={value === option.value}
          title={option.label}
          onClick={() => onChange(option.value)}
          className={segmentVariants({ size })}
        >
          <span aria-hidden="true" className="contents">
            {option.children}
          </span>
          <span className="sr-only">{option.label}</span>
        </button>
      ))}
    </div>
  )
}
