import React, { useCallback, useState } from "react"
import { useTranslation } from "react-i18next"
import { UnauthorizedError } from "../client/admin-client"
import { Flash } from "../ui/admin-ui"

type Outcome = { tone: "success" | "error"; text: string }

/**
 * An admin action with its feedback: while it runs, `busy` names it; then the text it
 * resolves to is announced as a success, and a failure as the common error line. An ended
 * session says nothing here: the shell sends the admin to the login screen.
 */
export function useAction<Name extends string = string>() {
  const { t } = useTranslation("admin")
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const [busy, setBusy] = useState<Name | null>(null)

  const run = useCallback(
    async (name: Name, task: () => Promise<string | void>) => {
      setBusy(name)
      setOutcome(null)
      try {
        const done = await task()
        if (done) setOutcome({ tone: "success", text: done })
      } catch (error) {
        if (!(error instanceof UnauthorizedError))
          setOutcome({ tone: "error", text: t("common.actionError") })
      } finally {
        setBusy(null)
      }
    },
    [t],
  )

  return { busy, outcome, run }
}

/** Where an action's outcome shows; nothing until there is one. */
export function ActionOutcome({
  outcome,
  className,
}: {
  outcome: Outcome | null
  className?: string
}) {
  if (!outcome) return null
  return (
    <div className={className}>
      <Flash tone={outcome.tone}>{outcome.text}</Flash>
    </div>
  )
}
