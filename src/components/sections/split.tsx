import React from "react"
import type { Action } from "../../../content-kit/schema/page"
import { Link } from "../../i18n/link"
import { Button } from "../ui/button"
import { cardVariants } from "../ui/card"
import { cn } from "../ui/cn"
import { Icon } from "../ui/icon"

export function Split({
  text,
  points,
  action,
}: {
  text: string
  points: string[]
  action?: Action
}) {
  return (
    <div className="mt-8 grid gap-8 lg:grid-cols-2">
      <div>
        <p className="text-lg text-slate-700 dark:text-slate-300">{text}</p>
        {action && (
          <Button asChild variant="outline" className="mt-6">
            <Link to={action.to}>{action.label}</Link>
          </Button>
        )}
      </div>
      <ul className={cn(cardVariants({ variant: "muted" }), "space-y-3")}>
        {points.map((point) => (
          <li key={point} className="flex gap-3">
            <Icon
              name="check"
              className="mt-0.5 size-5 shrink-0 text-brand-700 dark:text-brand-300"
            />
            <span>{point}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}
