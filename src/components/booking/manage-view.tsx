import React, { useEffect, useMemo, useState } from "react"
import { displayDays, zoneLabel } from "../../../content-kit/booking-display"
import type { BookingManageContent, BookingPageContent } from "../../../content-kit/schema/page"
import type { BookingViewPayload } from "../../../contract/booking"
import {
  cancelBooking,
  fetchBooking,
  invitationUrl,
  rescheduleBooking,
  type BookingOutcome,
} from "../../api-client/booking"
import { useLanguage } from "../../i18n/language-context"
import { Link } from "../../i18n/link"
import { Button } from "../ui/button"
import { Notice } from "../ui/notice"
import { SlotList } from "./slot-list"
import { useSlots } from "./use-slots"

type Copy = { manage: BookingManageContent; booking: BookingPageContent }
type Done = "booked" | "rescheduled" | "cancelled"
type State =
  | { status: "loading" }
  | { status: "missing" | "unknown" | "failed" }
  | { status: "shown"; booking: BookingViewPayload; done: Done | null; busy: boolean }

const isDone = (value: string | null): value is Done =>
  value === "booked" || value === "rescheduled" || value === "cancelled"

/** A booking as its link (`?token=`) shows it, with its invitation, reschedule and cancel. */
export function ManageView({ copy }: { copy: Copy }) {
  const [state, setState] = useState<State>({ status: "loading" })
  const [token, setToken] = useState("")
  const [rescheduling, setRescheduling] = useState(false)
  /** Why the last change was refused: taken (the times are loaded again), or anything else. */
  const [refused, setRefused] = useState<{ reason: "taken" | "failed"; round: number } | null>(null)

  useEffect(() => {
    const query = new URLSearchParams(window.location.search)
    const found = query.get("token") ?? ""
    const done = query.get("done")
    setToken(found)
    if (!found) return setState({ status: "missing" })
    void fetchBooking(found).then((outcome) =>
      setState(
        outcome.kind === "done"
          ? {
              status: "shown",
              booking: outcome.booking,
              done: isDone(done) ? done : null,
              busy: false,
            }
          : { status: outcome.kind === "unknown" ? "unknown" : "failed" },
      ),
    )
  }, [])

  const { manage } = copy
  if (state.status === "loading") return <p role="status">{manage.problems.loading}</p>
  if (state.status !== "shown")
    return (
      <div className="space-y-4">
        <Notice tone="error" title={manage.problems.title}>
          {state.status === "failed" ? manage.problems.failed : manage.problems[state.status]}
        </Notice>
        <Button asChild>
          <Link to={manage.bookAgain.to}>{manage.bookAgain.label}</Link>
        </Button>
      </div>
    )

  const { booking } = state
  const act = async (done: Done, call: () => Promise<BookingOutcome>) => {
    setState({ ...state, busy: true })
    const outcome = await call()
    if (outcome.kind === "done") {
      setRefused(null)
      setRescheduling(false)
      setState({ status: "shown", booking: { ...booking, ...outcome.booking }, done, busy: false })
    } else {
      setRefused((last) => ({
        reason: outcome.kind === "taken" ? "taken" : "failed",
        round: (last?.round ?? 0) + 1,
      }))
      setState({ ...state, busy: false })
    }
  }
  const open = booking.status === "booked" || booking.status === "rescheduled"

  return (
    <div className="space-y-6" data-testid="booking-manage" data-status={booking.status}>
      {state.done && (
        <Notice tone="success" title={manage.notices.title}>
          {manage.notices[state.done]}
        </Notice>
      )}
      {refused && (
        <Notice tone="error" title={copy.booking.errors.title}>
          {refused.reason === "taken" ? copy.booking.errors.slotTaken : manage.problems.failed}
        </Notice>
      )}
      <BookingDetails copy={copy} booking={booking} />
      <div className="flex flex-wrap gap-3">
        <Button asChild variant="outline">
          <a href={invitationUrl(token)} download>
            {manage.invitation}
          </a>
        </Button>
        {open && !rescheduling && (
          <Button variant="secondary" onClick={() => setRescheduling(true)}>
            {manage.reschedule.open}
          </Button>
        )}
        {open && (
          <Button
            variant="destructive"
            disabled={state.busy}
            onClick={() => void act("cancelled", () => cancelBooking(token))}
          >
            {state.busy ? manage.cancel.sending : manage.cancel.submit}
          </Button>
        )}
      </div>
      {open && rescheduling && (
        <Reschedule
          copy={copy}
          booking={booking}
          busy={state.busy}
          taken={refused?.reason === "taken" ? refused.round : 0}
          onPick={(start) =>
            void act("rescheduled", () => rescheduleBooking(token, start, booking.zone))
          }
        />
      )}
      {!open && (
        <Button asChild>
          <Link to={manage.bookAgain.to}>{manage.bookAgain.label}</Link>
        </Button>
      )}
    </div>
  )
}

function BookingDetails({ copy, booking }: { copy: Copy; booking: BookingViewPayload }) {
  const { language } = useLanguage()
  const start = Date.parse(booking.start)
  const [day] = displayDays([{ start }], booking.zone, language)
  const [teamDay] = displayDays([{ start }], "Europe/Paris", language)
  const { details } = copy.manage
  const rows: [string, string][] = [
    [details.type, copy.booking.types[booking.type].name],
    [details.day, day.label],
    [details.time, `${day.times[0].time}, ${zoneLabel(booking.zone, start)}`],
    [details.teamTime, `${teamDay.times[0].time}, ${zoneLabel("Europe/Paris", start)}`],
    [details.status, copy.manage.status[booking.status]],
  ]
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
      {rows.map(([label, value]) => (
        <React.Fragment key={label}>
          <dt className="font-semibold">{label}</dt>
          <dd className="first-letter:uppercase">{value}</dd>
        </React.Fragment>
      ))}
    </dl>
  )
}

type RescheduleProps = {
  copy: Copy
  booking: BookingViewPayload
  busy: boolean
  /** Raised each time the time picked was taken meanwhile: the free times are loaded again. */
  taken: number
  onPick: (start: string) => void
}

function Reschedule({ copy, booking, busy, taken, onPick }: RescheduleProps) {
  const { language } = useLanguage()
  const { state, reload } = useSlots(booking.type)
  const [selected, setSelected] = useState("")
  useEffect(() => {
    if (taken > 0) reload()
  }, [taken, reload])
  const days = useMemo(
    () =>
      state.status === "ready"
        ? displayDays(
            state.answer.slots.map((slot) => ({ start: Date.parse(slot.start) })),
            booking.zone,
            language,
          )
        : [],
    [state, booking.zone, language],
  )
  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault()
        if (selected) onPick(selected)
      }}
    >
      <h2 className="text-2xl font-bold">{copy.manage.reschedule.title}</h2>
      {state.status === "loading" && <p role="status">{copy.booking.slots.loading}</p>}
      {state.status === "failed" && (
        <Button type="button" variant="outline" onClick={reload}>
          {copy.booking.slots.retry}
        </Button>
      )}
      <SlotList days={days} selected={selected} onSelect={setSelected} />
      <Button type="submit" disabled={busy || !selected}>
        {busy ? copy.manage.reschedule.sending : copy.manage.reschedule.submit}
      </Button>
    </form>
  )
}
