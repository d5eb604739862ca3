import React from "react"
import { cn } from "./cn"

/** A panel's box: a white card with a border, for a section or a figure of its own. */
export const panelBox = cn(
  "rounded-xl border border-slate-200 bg-white shadow-sm",
  "dark:border-slate-800 dark:bg-slate-900",
)

const headings = {
  title: "text-lg font-semibold",
  label: "text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400",
}

type Props = Omit<React.HTMLAttributes<HTMLElement>, "title"> & {
  /** The heading's id is `${id}-title`: the section is named by it. */
  id: string
  title: React.ReactNode
  /** A section's title, or a small label above details (a message's text, its source). */
  heading?: keyof typeof headings
  /** Beside the heading: the panel's own buttons. */
  actions?: React.ReactNode
  /** A sentence under the heading. */
  lead?: React.ReactNode
}

/** A section in a card, named by its heading. */
export function Panel({
  id,
  title,
  heading = "title",
  actions,
  lead,
  className,
  children,
  ...props
}: Props) {
  const titleId = `${id}-title`
  return (
    <section aria-labelledby={titleId} className={cn(panelBox, "p-4 sm:p-6", className)} {...props}>
      <div className="mb-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={titleId} className={headings[heading]}>
            {title}
          </h2>
          {actions}
        </div>
        {lead && <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{lead}</p>}
      </div>
      {children}
    </section>
  )
}
