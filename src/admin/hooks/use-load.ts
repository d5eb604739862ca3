import { startTransition, useCallback, useEffect, useState } from "react"
import { UnauthorizedError } from "../client/admin-client"

type Load<T> = {
  data: T | null
  failed: boolean
  loading: boolean
  reload: () => void
  setData: (data: T) => void
}

/** Loads once per key; a 401 is left to the session handler (the guard moves to login). */
export function useLoad<T>(load: () => Promise<T>, key: string): Load<T> {
  const [data, setData] = useState<T | null>(null)
  const [failed, setFailed] = useState(false)
  const [loading, setLoading] = useState(true)
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let current = true
    setLoading(true)
    load().then(
      (value) => {
        if (!current) return
        // The loaded screen renders in a transition: in slices, a key or tap answered between.
        startTransition(() => {
          setData(value)
          setFailed(false)
          setLoading(false)
        })
      },
      (error: unknown) => {
        if (!current || error instanceof UnauthorizedError) return
        startTransition(() => {
          setFailed(true)
          setLoading(false)
        })
      },
    )
    return () => {
      current = false
    }
    // `load` is a new closure each render; the key says when its result changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt])

  const reload = useCallback(() => setAttempt((n) => n + 1), [])
  return { data, failed, loading, reload, setData }
}
