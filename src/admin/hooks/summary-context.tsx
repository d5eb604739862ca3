import React, { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react"
import { getSummary, type Summary } from "../client/admin-client"

type SummaryState = { summary: Summary | null; failed: boolean; refresh: () => Promise<void> }

const SummaryContext = createContext<SummaryState | null>(null)

/** The counts behind the dashboard and the unread badge of the navigation; refreshed after every change. */
export function SummaryProvider({ children }: { children: React.ReactNode }) {
  const [summary, setSummary] = useState<Summary | null>(null)
  const [failed, setFailed] = useState(false)

  const refresh = useCallback(async () => {
    try {
      setSummary(await getSummary())
      setFailed(false)
    } catch {
      setFailed(true)
    }
  }, [])

  // New messages arrive while the admin works: the badge catches up when the tab gets focus again.
  useEffect(() => {
    void refresh()
    const onFocus = () => void refresh()
    window.addEventListener("focus", onFocus)
    return () => window.removeEventListener("focus", onFocus)
  }, [refresh])

  const value = useMemo(() => ({ summary, failed, refresh }), [summary, failed, refresh])
  return <SummaryContext.Provider value={value}>{children}</SummaryContext.Provider>
}

export function useSummary(): SummaryState {
  const state = useContext(SummaryContext)
  if (!state) throw new Error("useSummary must be used within a SummaryProvider")
  return state
}
