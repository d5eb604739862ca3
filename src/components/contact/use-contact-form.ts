import { useEffect, useRef, useState } from "react"
import { sendContactMessage } from "../../api-client/client"
import { trackConversion } from "../../audience/track"
import type { Language } from "../../i18n/languages"
import { carryContact } from "../booking/contact-carry"

export type ContactStatus = "idle" | "sending" | "sent" | "error"

const text = (data: FormData, name: string) => String(data.get(name) ?? "").trim()

/**
 * The contact form's state. The fields are plain (uncontrolled) inputs read when the form
 * is sent: what a visitor types before the page is interactive is kept, what was typed
 * survives a failure, and a success replaces the form, so the next one starts empty.
 * A send in progress ignores further submits, so one click never sends twice.
 */
export function useContactForm(language: Language) {
  const [status, setStatus] = useState<ContactStatus>("idle")
  const shownAt = useRef(0)
  const sending = useRef(false)

  useEffect(() => {
    shownAt.current = Date.now()
  }, [])

  async function submit(form: HTMLFormElement) {
    if (sending.current) return
    sending.current = true
    setStatus("sending")
    const data = new FormData(form)
    carryContact(text(data, "name"), text(data, "Email"))
    // Loaded on demand: it is not part of any page's first-load JavaScript. Without it, the message goes anyway.
    const source = await import("../../lead-source/lead-source").then(
      (module) => module.readLeadSource(),
      () => ({}),
    )
    const ok = await sendContactMessage({
      name: text(data, "name"),
      Email: text(data, "Email"),
      Company: text(data, "Company"),
      Phone: text(data, "Phone"),
      Message: text(data, "Message"),
      Language: language,
      Page: window.location.pathname,
      Website: String(data.get("Website") ?? ""),
      ElapsedMs: Math.max(0, Date.now() - shownAt.current),
      ...source,
    })
    sending.current = false
    if (ok) trackConversion("contact_sent")
    setStatus(ok ? "sent" : "error")
  }

  function reset() {
    shownAt.current = Date.now()
    setStatus("idle")
  }

  return { status, submit, reset }
}
