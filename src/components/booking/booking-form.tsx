import { navigate } from "gatsby"
import React, { useMemo, useState } from "react"
import { displayDays } from "../../../content-kit/booking-display"
import { buildOnlyRoutes } from "../../../content-kit/page-routes"
import { routes } from "../../../content-kit/routes"
import type { BookingPageContent } from "../../../content-kit/schema/page"
import type { MeetingTypeKey } from "../../../contract/booking"
import { bookingFormAction } from "../../api-client/booking"
import { useLanguage } from "../../i18n/language-context"
import { localizePath } from "../../i18n/languages"
import { Button } from "../ui/button"
import { Notice } from "../ui/notice"
import { BookingFields } from "./booking-fields"
import { carriedContact } from "./contact-carry"
import { SlotList } from "./slot-list"
import { useBookingForm } from "./use-booking-form"
import { useSlots } from "./use-slots"

type Props = { copy: BookingPageContent; type: MeetingTypeKey; zone: string }

/** The live slot list and the booking form, for one meeting type read in the visitor's zone. */
export function BookingForm({ copy, type, zone }: Props) {
  const { language } = useLanguage()
  const { state, reload } = useSlots(type)
  const [selected, setSelected] = useState("")
  const defaults = useMemo(() => carriedContact(), [])
  const { status, submit } = useBookingForm({
    type,
    zone,
    language,
    onTaken: () => {
      setSelected("")
      reload()
    },
    onBooked: (booking) => {
      const manage = localizePath(buildOnlyRoutes.bookingManage.path, language)
      void navigate(`${manage}?token=${encodeURIComponent(booking.token ?? "")}&done=booked`)
    },
  })
  const days = useMemo(
    () =>
      state.status === "ready"
        ? displayDays(
            state.answer.slots.map((slot) => ({ start: Date.parse(slot.start) })),
            zone,
            language,
          )
        : [],
    [state, zone, language],
  )
  const error = status === "taken" || status === "invalid" || status === "failed" ? status : null
  const page = localizePath(routes.booking.path, language)

  return (
    <form
      method="post"
      action={bookingFormAction}
      data-form="booking"
      className="space-y-6"
      aria-busy={status === "sending"}
      onSubmit={(event) => {
        event.preventDefault()
        void submit(event.currentTarget)
      }}
    >
      {error && (
        <Notice tone="error" title={copy.errors.title}>
          {copy.errors[error === "taken" ? "slotTaken" : error]}
        </Notice>
      )}
      <section aria-labelledby="booking-slots-title" className="space-y-3">
        <h2 id="booking-slots-title" className="text-2xl font-bold">
          {copy.slots.title}
        </h2>
        {state.status === "loading" && <p role="status">{copy.slots.loading}</p>}
        {state.status === "failed" && (
          <div role="alert" className="space-y-2">
            <p>{copy.slots.failed}</p>
            <Button type="button" variant="outline" onClick={reload}>
              {copy.slots.retry}
            </Button>
          </div>
        )}
        {state.status === "ready" && days.length === 0 && <p>{copy.slots.none}</p>}
        <SlotList days={days} selected={selected} onSelect={setSelected} />
      </section>
      <section aria-labelledby="booking-form-title" className="space-y-4">
        <h2 id="booking-form-title" className="text-2xl font-bold">
          {copy.form.title}
        </h2>
        <input type="hidden" name="type" value={type} />
        <input type="hidden" name="zone" value={zone} />
        <input type="hidden" name="Language" value={language} />
        <input type="hidden" name="Page" value={page} />
        <BookingFields copy={copy.form} defaults={defaults} />
        <p className="text-sm" aria-live="polite">
          {selected ? `${copy.form.chosen}: ${chosenLabel(days, selected)}` : copy.form.chooseFirst}
        </p>
        <Button type="submit" size="lg" disabled={status === "sending" || !selected}>
          {status === "sending" ? copy.form.sending : copy.form.submit}
        </Button>
        <p className="text-sm text-slate-600 dark:text-slate-400">{copy.form.privacy}</p>
      </section>
    </form>
  )
}

function chosenLabel(days: ReturnType<typeof displayDays>, start: string): string {
  const at = Date.parse(start)
  for (const day of days) {
    const time = day.times.find((shown) => shown.start === at)
    if (time) return `${day.label}, ${time.time}`
  }
  return ""
}
