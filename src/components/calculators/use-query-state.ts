import { useEffect, useState } from "react"

/**
 * A calculator's inputs, kept in the page's query (`?margin=5&confidence=95`) so that a result
 * can be shared and reloaded. The first render uses the defaults, like the prerendered page,
 * and the query is read once hydrated; each change replaces the history entry rather than
 * adding one, so Back leaves the page.
 */
export function useQueryState<Key extends string>(defaults: Record<Key, string>) {
  const [values, setValues] = useState(defaults)

  useEffect(() => {
    const query = new URLSearchParams(window.location.search)
    const read = { ...defaults }
    for (const key of Object.keys(defaults) as Key[]) read[key] = query.get(key) ?? defaults[key]
    setValues(read)
    // Read once, on arrival: later changes come from the fields.
  }, []) // eslint-disable-line react-hooks/exhaustive-deps

  const set = (key: Key, value: string) => {
    const next = { ...values, [key]: value }
    setValues(next)
    writeQuery(next)
  }

  return [values, set] as const
}

function writeQuery(values: Record<string, string>) {
  const query = new URLSearchParams(window.location.search)
  for (const [key, value] of Object.entries(values)) {
    if (value === "") query.delete(key)
    else query.set(key, value)
  }
  // The router's own state (its key) is kept.
  window.history.replaceState(
    window.history.state,
    "",
    `${window.location.pathname}?${query.toString()}${window.location.hash}`,
  )
}
