import { IANAZone } from "luxon"
import { MEETING_TYPE_KEYS, type MeetingTypeKey } from "../../contract/booking"
import { localizePath, PREFIXED_LANGUAGES, type Language } from "../../contract/languages"
import { COMPANY_ZONE } from "../booking/defaults"
import { bookingServiceOf } from "../booking/service"
import { bookingView } from "../booking/views"
import type { Site, SiteFile } from "../static/site-files"
import type { Clock, Store } from "../store"
import { bookingForm, type BookingError } from "./booking-form"
import { pagesCopy } from "./copy"
import { manageProblem, manageView, type Done, type ManageProblem } from "./manage-view"
import { text } from "./markup"

export const BOOKING_PAGE = "/contact/booking"
export const MANAGE_PAGE = "/contact/booking/manage"

/** The element of the built pages that React leaves alone while hydrating (server-view.tsx). */
const SERVER_VIEW = '<div data-booking-server=""></div>'

export type RenderedPage = { status: number; file: SiteFile; html: string }

const isType = (value: unknown): value is MeetingTypeKey =>
  (MEETING_TYPE_KEYS as readonly unknown[]).includes(value)
const isZone = (value: unknown): value is string =>
  typeof value === "string" && value.length <= 64 && IANAZone.isValidZone(value)
const isDone = (value: unknown): value is Done =>
  value === "booked" || value === "rescheduled" || value === "cancelled"
const TOKEN = /^[A-Za-z0-9_-]{1,100}$/

/** The language a site path is in: its prefix, or French. */
export const languageOfPath = (path: string | undefined): Language =>
  PREFIXED_LANGUAGES.find((language) => path?.startsWith(`/${language}/`)) ?? "fr"

/** The built page of `path` in `language`, or null when the site is not built. */
const builtPage = (site: Site, path: string, language: Language) =>
  site.files.get(`${localizePath(path, language)}/index.html`) ?? null

/** The type and zone the visitor chose, shown again as chosen in the page's GET form. */
function withChoice(html: string, type: string, zone: string): string {
  const start = html.indexOf('<form method="get"')
  const end = html.indexOf("</form>", start)
  if (start < 0 || end < 0) return html
  let form = html.slice(start, end)
  form = form.replace(/<input\b[^>]*\sname="type"[^>]*>/g, (input) => {
    const plain = input.replace(/\schecked=""/, "")
    return plain.includes(` value="${type}"`) ? plain.replace("<input", '<input checked=""') : plain
  })
  form = form.replace(/<option value="([^"]*)" selected="">/, '<option value="$1">')
  const option = `<option value="${text(zone)}">`
  form = form.includes(option)
    ? form.replace(option, `<option value="${text(zone)}" selected="">`)
    : form.replace(
        /(<select\b[^>]*\sname="zone"[^>]*>)/,
        (select) =>
          `${select}<option value="${text(zone)}" selected="">${text(zone.replace(/_/g, " "))}</option>`,
      )
  return html.slice(0, start) + form + html.slice(end)
}

/** The built page with `inner` written into its server view (a no-op on a page without one). */
const filled = (html: string, inner: string) =>
  html.replace(SERVER_VIEW, () => `<div data-booking-server="">${inner}</div>`)

type Deps = { contentDir: string; store: Store; now: Clock }

export type BookingInput = {
  type: unknown
  zone: unknown
  /** The page's address (utm_* become the lead's source). */
  query: Record<string, string | undefined>
  /** What a refused post had typed, and why it was refused. */
  values?: Record<string, string>
  error?: BookingError
  status?: number
}

export type ManageInput = {
  token: unknown
  done?: unknown
  problem?: ManageProblem
  status?: number
}

/**
 * The booking pages as a visit without JavaScript gets them: the built page, with the times
 * and the booking form, or the booking with its forms, in its server view (docs/BOOKING.md).
 */
export function bookingPages({ contentDir, store, now }: Deps) {
  const booking = bookingServiceOf(store, now)
  const slotsOf = async (type: MeetingTypeKey) =>
    (await booking.listSlots(type, now(), Infinity)).map((slot) => ({ start: slot.start }))

  return {
    async booking(
      site: Site,
      language: Language,
      input: BookingInput,
    ): Promise<RenderedPage | null> {
      const file = builtPage(site, BOOKING_PAGE, language)
      if (!file) return null
      const copy = pagesCopy(contentDir, language)
      const valid = isType(input.type) && isZone(input.zone)
      const type = isType(input.type) ? input.type : "demo"
      const zone = isZone(input.zone) ? input.zone : COMPANY_ZONE
      const inner = bookingForm({
        copy: copy.booking,
        type,
        zone,
        language,
        page: localizePath(BOOKING_PAGE, language),
        slots: await slotsOf(type),
        values: input.values ?? {},
        query: input.query,
        error: input.error ?? (valid ? null : "invalid"),
      })
      const html = withChoice(file.body.toString("utf8"), type, zone)
      return { status: input.status ?? (valid ? 200 : 400), file, html: filled(html, inner) }
    },

    async manage(site: Site, language: Language, input: ManageInput): Promise<RenderedPage | null> {
      const file = builtPage(site, MANAGE_PAGE, language)
      if (!file) return null
      const copy = pagesCopy(contentDir, language)
      const page = (status: number, inner: string) => ({
        status,
        file,
        html: filled(file.body.toString("utf8"), inner),
      })
      const token = input.token
      // The page visited bare is the page (200), saying what it needs; a token that cannot be
      // one is a bad link (400).
      if (token === undefined || token === "")
        return page(200, manageProblem(copy, language, "missing"))
      if (typeof token !== "string" || !TOKEN.test(token))
        return page(400, manageProblem(copy, language, "unknown"))
      const found = await booking.byToken(token)
      if (!found.ok)
        return found.reason === "token_expired"
          ? page(410, manageProblem(copy, language, "expired"))
          : page(404, manageProblem(copy, language, "unknown"))
      const meeting = found.meeting
      const open = meeting.status === "booked" || meeting.status === "rescheduled"
      const inner = manageView({
        copy,
        language,
        booking: bookingView(meeting),
        token,
        page: localizePath(MANAGE_PAGE, language),
        slots: open ? await slotsOf(meeting.type) : [],
        done: isDone(input.done) ? input.done : null,
        problem: input.problem ?? null,
      })
      return page(input.status ?? 200, inner)
    },
  }
}

export type BookingPages = ReturnType<typeof bookingPages>
