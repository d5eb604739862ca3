import { useRef, useState } from "react"
import type { PanelInputs } from "../../../content-kit/estimate/panel-inputs"
import { sendQuoteRequest } from "../../api-client/quote"
import { trackConversion } from "../../audience/track"
import type { Language } from "../../i18n/languages"
import { useLeadVisit } from "../contact/lead-visit"

export type QuoteStatus = "idle" | "sending" | "sent" | "invalid" | "failed"

const text = (data: FormData, name: string) => String(data.get(name) ?? "").trim()

/**
 * The quote request's state. The study is the estimate's inputs as the page holds them; who
 * to send it to is read from the (uncontrolled) fields when the form is sent, so what was
 * typed stays through a failure. A send in progress ignores further submits. `refused`: the
 * server's code for each study field it could not estimate (`estimate.errors.<code>`).
 */
export function useQuoteForm(language: Language) {
  const [status, setStatus] = useState<QuoteStatus>("idle")
  const [refused, setRefused] = useState<Record<string, string>>({})
  const sending = useRef(false)
  const { visitOf } = useLeadVisit(language)

  async function submit(form: HTMLFormElement, study: PanelInputs) {
    if (sending.current) return
    sending.current = true
    setStatus("sending")
    const data = new FormData(form)
    const outcome = await sendQuoteRequest({
      ...study,
      name: text(data, "name"),
      Email: text(data, "Email"),
      Company: text(data, "Company"),
      ...(await visitOf(data)),
    })
    sending.current = false
    setRefused(outcome.kind === "refused" ? outcome.fields : {})
    if (outcome.kind === "sent") trackConversion("quote_requested")
    setStatus(outcome.kind === "sent" ? "sent" : outcome.kind === "failed" ? "failed" : "invalid")
  }

  return { status, refused, submit }
}
