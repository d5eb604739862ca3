import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox"
import { IANAZone } from "luxon"
import type { SlotsPayload } from "../../contract/booking"
import { endpoints } from "../../contract/endpoints"
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../../contract/languages"
import { leadSourceOfBody } from "../../contract/lead-source"
import { COMPANY_ZONE } from "../booking/defaults"
import { memberFeed } from "../booking/feed"
import { invitation } from "../booking/invitation"
import { manageUrl } from "../booking/manage-link"
import { bookingServiceOf } from "../booking/service"
import { bookingView } from "../booking/views"
import type { Done } from "../booking-pages/manage-view"
import {
  bookingPages,
  languageOfPath,
  MANAGE_PAGE,
  type RenderedPage,
} from "../booking-pages/pages"
import type { WebhookTarget } from "../config/webhook-entry"
import type { Deps } from "../deps"
import { HttpError } from "../http-error"
import { messagesStored } from "../metrics/registry"
import type { Slot } from "../store/meetings/booking-types"
import { sha256 } from "../store/meetings/rows"
import type { NewMessage } from "../store/messages"
import type { RateLimit } from "../store/sliding-window"
import { instantOf, refusal } from "./booking-refusals"
import { acceptFormPosts, localizedPage, type Posted } from "./form-posts"
import { enforceRateLimit } from "./rate-limit"
import { route } from "./route"
import { stripBidiControls } from "./strip-bidi"
import { trimBody } from "./trim-body"

// People take longer than this to fill in the form; scripts usually do not (as the contact form).
const MIN_FILL_MS = 2500

const checkZone = (zone: string) => {
  if (!IANAZone.isValidZone(zone))
    throw new HttpError(
      400,
      "bad_zone",
      `${zone} is not a time zone (an IANA name such as Europe/Paris).`,
    )
}

/** The token of a JSON answer (a booking's), or of the form that was posted (reschedule, cancel). */
const tokenOf = (answer: string, post: Posted) =>
  /"token":"([A-Za-z0-9_-]+)"/.exec(answer)?.[1] ?? post.values.token ?? ""

/** The manage page in a language, with its token and the step just done. */
const managePage = (language: Language, token: string, done: Done) =>
  `${localizedPage(MANAGE_PAGE, language)}?token=${encodeURIComponent(token)}&done=${done}`

const errorOf = (answer: string): string | undefined => {
  try {
    return (JSON.parse(answer) as { error?: string }).error
  } catch {
    return undefined
  }
}

export type BookingRoutesOptions = Pick<Deps, "store" | "outbox" | "site" | "now"> & {
  contactRateLimit: RateLimit | null
  smtpUrl: string | null
  webhooks: WebhookTarget[]
  contentDir: string
  siteUrl: string
  contactNotifyTo: string | null
  mailFrom: string
}

export const bookingRoutes: FastifyPluginAsyncTypebox<BookingRoutesOptions> = async (
  app,
  { store, outbox, site, now, ...settings },
) => {
  const booking = bookingServiceOf(store, now)
  const pages = bookingPages({ contentDir: settings.contentDir, store, now })
  const page = (rendered: RenderedPage | null) =>
    rendered && { html: rendered.html, csp: rendered.file.csp }
  // Without JavaScript: a booking lands on its manage page; a refusal draws the booking page
  // again with its reason, fresh times and what was typed (docs/BOOKING.md).
  acceptFormPosts(app, site, {
    url: endpoints.bookMeeting.path,
    form: "booking",
    integers: ["ElapsedMs"],
    success: (language, answer, post) =>
      managePage(
        isLanguage(language) ? language : DEFAULT_LANGUAGE,
        tokenOf(answer, post),
        "booked",
      ),
    failure: async (post, status) =>
      page(
        await pages.booking(site, isLanguage(post.language) ? post.language : DEFAULT_LANGUAGE, {
          type: post.values.type,
          zone: post.values.zone,
          query: {},
          values: post.values,
          error:
            status === 409 ? "slotTaken" : status < 500 && status !== 429 ? "invalid" : "failed",
          status,
        }),
      ),
  })
  // The manage page's forms carry its path (returnTo): its language, where the answer goes.
  for (const [endpoint, done] of [
    [endpoints.rescheduleBooking, "rescheduled"],
    [endpoints.cancelBooking, "cancelled"],
  ] as const)
    acceptFormPosts(app, site, {
      url: endpoint.path,
      form: "booking",
      success: (_language, answer, post) =>
        managePage(languageOfPath(post.returnTo), tokenOf(answer, post), done),
      failure: async (post, status, answer) =>
        page(
          await pages.manage(site, languageOfPath(post.returnTo), {
            token: post.values.token,
            problem: errorOf(answer) === "slot_taken" ? "slotTaken" : "failed",
            status,
          }),
        ),
    })
  // The booking mails acknowledge the lead: no contact-form acknowledgement.
  const plan = {
    notify: settings.smtpUrl !== null,
    ack: null,
    webhooks: settings.webhooks.map((w) => w.entry),
  }
  const calendar = () => ({
    contentDir: settings.contentDir,
    siteUrl: settings.siteUrl,
    organizer: settings.contactNotifyTo ?? settings.mailFrom,
    now: now(),
  })

  // The JSON text of each slot list the service hands out again (its page read, the same array
  // while nothing changes): written once rather than on every read of the booking page.
  const slotTexts = new WeakMap<readonly Slot[], string>()
  const iso = (ms: number) => new Date(ms).toISOString()
  route(app, endpoints.listSlots, async (request, reply) => {
    const { type } = request.query
    const at = now()
    const from = instantOf(request.query.from, "from", at)
    const to = instantOf(request.query.to, "to", Infinity)
    const found = await booking.listSlots(type, from, to)
    let text = slotTexts.get(found)
    if (text === undefined) {
      const answer: SlotsPayload = {
        type,
        teamZone: COMPANY_ZONE,
        slots: found.map((slot) => ({ start: iso(slot.start), end: iso(slot.end) })),
      }
      text = JSON.stringify(answer)
      slotTexts.set(found, text)
    }
    // A string with a JSON type is sent as it is (Fastify serializes only objects); the schema
    // types the reply as the object the text holds.
    return reply.type("application/json; charset=utf-8").send(text as unknown as SlotsPayload)
  })

  route(
    app,
    endpoints.bookMeeting,
    { preValidation: [stripBidiControls, trimBody] },
    async (request, reply) => {
      await enforceRateLimit(store, settings.contactRateLimit, "booking", request, reply)
      const body = request.body
      checkZone(body.zone)
      const start = instantOf(body.start, "start", NaN)
      const spamReason: NewMessage["spamReason"] = body.Website
        ? "honeypot"
        : body.ElapsedMs !== undefined && body.ElapsedMs < MIN_FILL_MS
          ? "too_fast"
          : null
      const language = body.Language ?? DEFAULT_LANGUAGE
      const lead: NewMessage = {
        kind: "meeting" as const,
        name: body.name,
        email: body.Email,
        company: body.Company || null,
        phone: body.Phone || null,
        message: `${body.type} ${body.start} (${body.zone})${body.Message ? `\n\n${body.Message}` : ""}`,
        language: body.Language ?? null,
        page: body.Page ?? null,
        spamReason,
        source: leadSourceOfBody(body),
      }
      // Spam is filed as the contact form files it, and takes no slot.
      if (spamReason) {
        const id = await store.messages.create(lead)
        messagesStored.inc({ kind: "spam" })
        request.log.info({ messageId: id, spamReason }, "booking filed as spam")
        const end = new Date(start + 30 * 60_000).toISOString()
        return reply.code(201).send({
          ...{ id, type: body.type, status: "booked" as const, start: body.start, end },
          ...{ zone: body.zone, language, name: body.name, sequence: 0 },
        })
      }
      const result = await booking.book({
        type: body.type,
        start,
        zone: body.zone,
        language,
        lead,
        plan,
      })
      if (!result.ok) throw refusal(result.reason)
      messagesStored.inc({ kind: "meeting" })
      outbox.wake()
      return reply.code(201).send(bookingView(result.meeting, result.token))
    },
  )

  route(app, endpoints.getBooking, async (request) => {
    const found = await booking.byToken(request.query.token)
    if (!found.ok) throw refusal(found.reason)
    return bookingView(found.meeting)
  })

  route(app, endpoints.getBookingInvitation, async (request, reply) => {
    const found = await booking.byToken(request.query.token)
    if (!found.ok) throw refusal(found.reason)
    const method = found.meeting.status === "cancelled" ? "CANCEL" : "REQUEST"
    const link = manageUrl(settings.siteUrl, found.meeting.language, request.query.token)
    return reply
      .type(`text/calendar; charset=utf-8; method=${method}`)
      .header("cache-control", "private, no-store")
      .send(
        invitation(found.meeting, method, {
          ...calendar(),
          copy: { for: "visitor", manageUrl: link },
        }),
      )
  })

  route(app, endpoints.rescheduleBooking, { preValidation: [trimBody] }, async (request) => {
    const { token, zone } = request.body
    if (zone) checkZone(zone)
    const start = instantOf(request.body.start, "start", NaN)
    const result = await booking.reschedule(token, start, zone)
    if (!result.ok) throw refusal(result.reason)
    outbox.wake()
    return bookingView(result.meeting)
  })

  route(app, endpoints.cancelBooking, { preValidation: [trimBody] }, async (request) => {
    const result = await booking.cancel(request.body.token)
    if (!result.ok) throw refusal(result.reason)
    outbox.wake()
    return bookingView(result.meeting)
  })

  route(app, endpoints.getMemberFeed, async (request, reply) => {
    const memberId = await store.meetings.memberOfFeed(sha256(request.params.token))
    if (!memberId) throw refusal("not_found")
    const meetings = await store.meetings.upcomingForMember(memberId, now())
    return reply
      .type("text/calendar; charset=utf-8")
      .header("cache-control", "no-store")
      .send(memberFeed(meetings, { ...calendar(), member: meetings[0]?.member.username ?? "" }))
  })
}
