import { Type } from "@sinclair/typebox"
import { NoBody } from "../errors"
import { PREFIXED_LANGUAGES } from "../languages"
import { endpoint } from "./define"

/** Built HTML, sent as text/html. */
const Html = Type.String({ description: "text/html" })

/**
 * What the pages read from their address. Anything else (utm_* among them) is allowed and read
 * by the page where it means something; a value that is not one of the page's is shown as such.
 */
const BookingPageQuery = Type.Object({
  type: Type.Optional(Type.String({ maxLength: 40 })),
  zone: Type.Optional(Type.String({ maxLength: 80 })),
})
const ManagePageQuery = Type.Object({
  token: Type.Optional(Type.String({ maxLength: 200 })),
  done: Type.Optional(Type.String({ maxLength: 20 })),
})
const LanguageParams = Type.Object({
  language: Type.Union(PREFIXED_LANGUAGES.map((language) => Type.Literal(language))),
})

/**
 * The booking pages as built, with what a visit without JavaScript needs written in
 * (server/routes/booking-pages.ts, docs/BOOKING.md): the times and the booking form, or the
 * booking with its reschedule and cancel forms. Page paths, so that the mailed link works alike.
 */
export const bookingPageEndpoints = {
  bookingPage: endpoint({
    method: "GET",
    path: "/contact/booking",
    summary:
      "The booking page; with ?type=&zone= the times and the form, for a visit without JavaScript",
    access: "public",
    query: BookingPageQuery,
    answers: { 200: Html, 304: NoBody },
  }),
  bookingPageInLanguage: endpoint({
    method: "GET",
    path: "/:language/contact/booking",
    summary: "The booking page in English or German",
    access: "public",
    params: LanguageParams,
    query: BookingPageQuery,
    answers: { 200: Html, 304: NoBody },
  }),
  manageBookingPage: endpoint({
    method: "GET",
    path: "/contact/booking/manage",
    summary: "A booking's page; with ?token= the booking, its reschedule and cancel forms",
    access: "public",
    query: ManagePageQuery,
    answers: { 200: Html, 304: NoBody },
  }),
  manageBookingPageInLanguage: endpoint({
    method: "GET",
    path: "/:language/contact/booking/manage",
    summary: "A booking's page in English or German",
    access: "public",
    params: LanguageParams,
    query: ManagePageQuery,
    answers: { 200: Html, 304: NoBody },
  }),
}
