import React, { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react"

/** A value of the server that several screens read, as its provider holds it. */
export type ServerValue<T> = { data: T | null; failed: boolean; reload: () => Promise<void> }

/**
 * One provider asks the server once and again whenever a screen calls reload() (after a
 * change), and with `reloadOnFocus` each time the tab gets the focus back.
 */
export function createServerValue<T>(
  name: string,
  load: () => Promise<T>,
  { reloadOnFocus = false } = {},
) {
  const Context = createContext<ServerValue<T> | null>(null)

  function Provider({ children }: { children: React.ReactNode }) {
    const [data, setData] = useState<T | null>(null)
    const [failed, setFailed] = useState(false)

    const reload = useCallback(async () => {
      try {
        setData(await load())
        setFailed(false)
      } catch {
        setFailed(true)
      }
    }, [])

    useEffect(() => {
      void reload()
      if (!reloadOnFocus) return
      const onFocus = () => void reload()
      window.addEventListener("focus", onFocus)
      return () => window.removeEventListener("focus", onFocus)
    }, [reload])

    const value = useMemo(() => ({ data, failed, reload }), [data, failed, reload])
    return <Context.Provider value={value}>{children}</Context.Provider>
  }

  function useValue(): ServerValue<T> {
    const state = useContext(Context)
    if (!state) throw new Error(`The ${name} is read within its provider`)
    return state
  }

  return { Provider, useValue }
}
