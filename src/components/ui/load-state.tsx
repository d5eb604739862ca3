import React from "react"
import { Button } from "./button"
import { cn } from "./cn"

/** What a load says while it runs and when it failed, in the reader's language. */
export type LoadTexts = { loading: string; failed: string; retry: string }

type Props<T> = {
  /** What was loaded; null or undefined until it is. */
  data: T | null | undefined
  failed: boolean
  onRetry: () => void
  texts: LoadTexts
  /** Said instead of the content when `isEmpty(data)`. */
  empty?: React.ReactNode
  isEmpty?: (data: T) => boolean
  /** Where the loading, error or empty line stands (a margin). */
  className?: string
  /** The content; none where the caller shows it itself once loaded. */
  children?: (data: T) => React.ReactNode
}

const errorBox = cn(
  "flex flex-wrap items-center gap-3 rounded-lg border p-4 text-sm",
  "border-red-700/40 bg-red-50 text-red-900 dark:border-red-400/40 dark:bg-red-950 dark:text-red-100",
)

/**
 * Loaded content, or what stands in its place: a polite "loading" line, an alert with a
 * retry button, or the empty line. Content loaded once stays shown while it is loaded again.
 */
export function LoadState<T>({
  data,
  failed,
  onRetry,
  texts,
  empty,
  isEmpty,
  className,
  children,
}: Props<T>) {
  if (data === null || data === undefined) {
    return failed ? (
      <div role="alert" className={cn(errorBox, className)}>
        <span>{texts.failed}</span>
        <Button variant="outline" size="sm" onClick={onRetry}>
          {texts.retry}
        </Button>
      </div>
    ) : (
      <p
        role="status"
        className={cn("py-10 text-center text-slate-600 dark:text-slate-400", className)}
      >
        {texts.loading}
      </p>
    )
  }
  if (empty && isEmpty?.(data))
    return (
      <p className={cn("py-6 text-center text-sm text-slate-600 dark:text-slate-400", className)}>
        {empty}
      </p>
    )
  return <>{children?.(data)}</>
}
