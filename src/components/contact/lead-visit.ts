import { useEffect, useRef } from "react"
import type { Language } from "../../i18n/languages"

/**
 * What every lead form (contact, booking, quote) sends about the visit besides what was typed:
 * the language, the page, the honeypot, the time since the form was shown (the server's spam
 * checks, server/routes/lead-form.ts) and the lead source. `restart` starts the clock again,
 * for a new form after a success.
 */
export function useLeadVisit(language: Language) {
  const shownAt = useRef(0)
  useEffect(() => {
    shownAt.current = Date.now()
  }, [])

  async function visitOf(data: FormData) {
    // Loaded on demand: it is not part of any page's first-load JavaScript. Without it, the lead goes anyway.
    const source = await import("../../lead-source/lead-source").then(
      (module) => module.readLeadSource(),
      () => ({}),
    )
    return {
      Language: language,
      Page: window.location.pathname,
      Website: String(data.get("Website") ?? ""),
      ElapsedMs: Math.max(0, Date.now() - shownAt.current),
      ...source,
    }
  }

  const restart = () => {
    shownAt.current = Date.now()
  }

  return { visitOf, restart }
}
