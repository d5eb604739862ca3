import React from "react"
import { cn } from "./cn"

/** The short uppercase line above a title. */
export function Eyebrow({ className, ...props }: React.HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cn("text-sm font-semibold uppercase tracking-wide text-brand-700 dark:text-brand-300", className)} {...props} />
}
