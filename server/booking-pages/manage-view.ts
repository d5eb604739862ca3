import type { BookingViewPayload } from "../../contract/booking"
import { RETURN_FIELD } from "../../contract/form-post"
import { localizePath, type Language } from "../../contract/languages"
import { COMPANY_ZONE } from "../booking/defaults"
import { displayDays, zoneLabel } from "../booking/display"
import type { PagesCopy } from "./copy"
import { buttonClass, hidden, notice, slotList, submitButton, tag, text } from "./markup"

export type Done = "booked" | "rescheduled" | "cancelled"
/** Why the page could not show the booking, or why a step just failed. */
export type ManageProblem = "missing" | "unknown" | "expired" | "failed" | "slotTaken"

const bookAgain = (copy: PagesCopy, language: Language) =>
  tag(
    "a",
    { href: localizePath(copy.manage.bookAgain.to, language), class: buttonClass() },
    text(copy.manage.bookAgain.label),
  )

/** A link that shows no booking: its reason and the way back to booking (manage-view.tsx). */
export function manageProblem(copy: PagesCopy, language: Language, problem: ManageProblem) {
  return tag(
    "div",
    { class: "space-y-4" },
    notice("error", copy.manage.problems.title, problemText(copy, problem)),
    bookAgain(copy, language),
  )
}

const problemText = (copy: PagesCopy, problem: ManageProblem) =>
  problem === "slotTaken" ? copy.booking.errors.slotTaken : copy.manage.problems[problem]

type View = {
  copy: PagesCopy
  language: Language
  booking: BookingViewPayload
  token: string
  /** The page's own path: a failed post shows it again. */
  page: string
  /** Free starts of the booking's type, for the reschedule form. */
  slots: { start: number }[]
  done: Done | null
  problem: ManageProblem | null
}

/** The booking, its invitation, and reschedule and cancel as posted forms (manage-view.tsx). */
export function manageView(view: View): string {
  const { copy, booking, language } = view
  const { manage } = copy
  const open = booking.status === "booked" || booking.status === "rescheduled"
  const start = Date.parse(booking.start)
  const [day] = displayDays([{ start }], booking.zone, language)
  const [teamDay] = displayDays([{ start }], COMPANY_ZONE, language)
  const rows: [string, string][] = [
    [manage.details.type, copy.booking.types[booking.type].name],
    [manage.details.day, day.label],
    [manage.details.time, `${day.times[0].time}, ${zoneLabel(booking.zone, start)}`],
    [manage.details.teamTime, `${teamDay.times[0].time}, ${zoneLabel(COMPANY_ZONE, start)}`],
    [manage.details.status, manage.status[booking.status]],
  ]
  const posted = (action: string, ...children: string[]) =>
    tag(
      "form",
      { method: "post", action, class: action.endsWith("reschedule") ? "space-y-4" : undefined },
      hidden("token", view.token),
      hidden(RETURN_FIELD, view.page),
      ...children,
    )
  return tag(
    "div",
    { class: "space-y-6", "data-testid": "booking-manage", "data-status": booking.status },
    view.done ? notice("success", manage.notices.title, manage.notices[view.done]) : "",
    view.problem ? notice("error", copy.booking.errors.title, problemText(copy, view.problem)) : "",
    tag(
      "dl",
      { class: "grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]" },
      ...rows.map(
        ([label, value]) =>
          tag("dt", { class: "font-semibold" }, text(label)) +
          tag("dd", { class: "first-letter:uppercase" }, text(value)),
      ),
    ),
    tag(
      "div",
      { class: "flex flex-wrap gap-3" },
      tag(
        "a",
        {
          href: `/api/booking/invitation.ics?token=${encodeURIComponent(view.token)}`,
          download: true,
          class: buttonClass("outline"),
        },
        text(manage.invitation),
      ),
      open ? posted("/api/booking/cancel", submitButton(manage.cancel.submit, "destructive")) : "",
    ),
    open
      ? posted(
          "/api/booking/reschedule",
          tag("h2", { class: "text-2xl font-bold" }, text(manage.reschedule.title)),
          view.slots.length === 0 ? tag("p", {}, text(copy.booking.slots.none)) : "",
          slotList(displayDays(view.slots, booking.zone, language)),
          submitButton(manage.reschedule.submit),
        )
      : bookAgain(copy, language),
  )
}
