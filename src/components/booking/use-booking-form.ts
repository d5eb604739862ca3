import { useRef, useState } from "react"
import type { BookingPayload, BookingViewPayload, MeetingTypeKey } from "../../../contract/booking"
import { bookMeeting } from "../../api-client/booking"
import { trackConversion } from "../../audience/track"
import type { Language } from "../../i18n/languages"
import { useLeadVisit } from "../contact/lead-visit"

export type BookingStatus = "idle" | "sending" | "taken" | "invalid" | "failed"

const text = (data: FormData, name: string) => String(data.get(name) ?? "").trim()
const optional = (value: string) => (value === "" ? undefined : value)

type Options = {
  type: MeetingTypeKey
  zone: string
  language: Language
  /** A 409: someone was faster; the page loads fresh slots. */
  onTaken: () => void
  onBooked: (booking: BookingViewPayload) => void
}

/**
 * The booking form's state. As on the contact form the fields are uncontrolled, so what was
 * typed stays through any failure, and a send in progress ignores further submits.
 */
export function useBookingForm({ type, zone, language, onTaken, onBooked }: Options) {
  const [status, setStatus] = useState<BookingStatus>("idle")
  const sending = useRef(false)
  const { visitOf } = useLeadVisit(language)

  async function submit(form: HTMLFormElement) {
    if (sending.current) return
    sending.current = true
    setStatus("sending")
    const data = new FormData(form)
    const body: BookingPayload = {
      type,
      start: text(data, "start"),
      zone,
      name: text(data, "name"),
      Email: text(data, "Email"),
      Company: text(data, "Company"),
      Phone: optional(text(data, "Phone")),
      Message: optional(text(data, "Message")),
      ...(await visitOf(data)),
    }
    const outcome = await bookMeeting(body)
    sending.current = false
    if (outcome.kind === "done") {
      setStatus("idle")
      trackConversion("meeting_booked")
      onBooked(outcome.booking)
      return
    }
    if (outcome.kind === "taken") onTaken()
    setStatus(
      outcome.kind === "taken" ? "taken" : outcome.kind === "invalid" ? "invalid" : "failed",
    )
  }

  return { status, submit }
}
