import { useEffect, useRef, useState } from "react"
import { sendContactMessage } from "../../api/client"
import type { Language } from "../../i18n/languages"

export type ContactFields = { name: string; email: string; company: string; phone: string; message: string }
export type ContactStatus = "idle" | "sending" | "sent" | "error"

const empty: ContactFields = { name: "", email: "", company: "", phone: "", message: "" }

/**
 * The contact form's state: what was typed survives a failure, a success clears it.
 * A send in progress ignores further submits, so one click never sends twice.
 */
export function useContactForm(language: Language) {
  const [fields, setFields] = useState<ContactFields>(empty)
  const [honeypot, setHoneypot] = useState("")
  const [status, setStatus] = useState<ContactStatus>("idle")
  const shownAt = useRef(0)
  const sending = useRef(false)

  useEffect(() => {
    shownAt.current = Date.now()
  }, [])

  const update = (name: keyof ContactFields, value: string) => setFields((current) => ({ ...current, [name]: value }))

  async function submit() {
    if (sending.current) return
    sending.current = true
    setStatus("sending")
    const ok = await sendContactMessage({
      name: fields.name.trim(),
      Email: fields.email.trim(),
      Company: fields.company.trim(),
      Phone: fields.phone.trim(),
      Message: fields.message.trim(),
      Language: language,
      Page: window.location.pathname,
      Website: honeypot,
      ElapsedMs: Math.max(0, Date.now() - shownAt.current),
    })
    sending.current = false
    if (ok) setFields(empty)
    setStatus(ok ? "sent" : "error")
  }

  function reset() {
    shownAt.current = Date.now()
    setStatus("idle")
  }

  return { fields, update, honeypot, setHoneypot, status, submit, reset }
}
