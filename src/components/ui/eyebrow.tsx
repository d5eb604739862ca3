import React from "react"

/** The short uppercase line above a title. */
export function Eyebrow({ children }: { children: React.ReactNode }) {
  return (
    <p className="text-sm font-semibold uppercase tracking-wide text-brand-700 dark:text-brand-300">
      {children}
    </p>
  )
}
