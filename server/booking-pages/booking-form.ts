import type { Language } from "../../contract/languages"
import { LEAD_SOURCE_FIELDS } from "../../contract/lead-source"
import { LEAD_SOURCE_RULES } from "../../contract/lead-source-rules"
import { displayDays } from "../booking/display"
import type { PagesCopy } from "./copy"
import { field, hidden, input, notice, slotList, submitButton, tag, text, textarea } from "./markup"

/** Why the page shows an error above the times, as the live page names them. */
export type BookingError = "slotTaken" | "invalid" | "failed"

type Form = {
  copy: PagesCopy["booking"]
  type: string
  zone: string
  language: Language
  /** The page's own path, in its language. */
  page: string
  slots: { start: number }[]
  /** What the visitor typed, written back after a refusal. */
  values: Record<string, string>
  /** The page's address: utm_* parameters become the lead's source, as the live page sends them. */
  query: Record<string, string | undefined>
  error: BookingError | null
}

const ruleOf = (rule: keyof typeof LEAD_SOURCE_RULES) =>
  new RegExp(LEAD_SOURCE_RULES[rule].pattern, "u")

/** The lead's source fields a visit without JavaScript can know: the landing page and utm_*. */
function leadSource(page: string, query: Form["query"], values: Form["values"]) {
  return LEAD_SOURCE_FIELDS.map(({ body, rule }) => {
    const value =
      values[body] ??
      (body === "Landing" ? page : query[`utm_${body.slice("Utm".length).toLowerCase()}`])
    const { maxLength } = LEAD_SOURCE_RULES[rule]
    return value && value.length <= maxLength && ruleOf(rule).test(value) ? hidden(body, value) : ""
  }).join("")
}

/** The slot list and the booking form of the booking page (booking-form.tsx's markup). */
export function bookingForm(form: Form): string {
  const { copy, values } = form
  const days = displayDays(form.slots, form.zone, form.language)
  const typed = (name: string) => values[name] ?? ""
  const optional = copy.form.optional
  return tag(
    "form",
    { method: "post", action: "/api/booking", "data-form": "booking", class: "space-y-6" },
    form.error ? notice("error", copy.errors.title, copy.errors[form.error]) : "",
    tag(
      "section",
      { "aria-labelledby": "booking-slots-title", class: "space-y-3" },
      tag("h2", { id: "booking-slots-title", class: "text-2xl font-bold" }, text(copy.slots.title)),
      days.length === 0 ? tag("p", {}, text(copy.slots.none)) : "",
      slotList(days),
    ),
    tag(
      "section",
      { "aria-labelledby": "booking-form-title", class: "space-y-4" },
      tag("h2", { id: "booking-form-title", class: "text-2xl font-bold" }, text(copy.form.title)),
      hidden("type", form.type),
      hidden("zone", form.zone),
      hidden("Language", form.language),
      hidden("Page", form.page),
      leadSource(form.page, form.query, values),
      tag(
        "div",
        { class: "grid gap-4 sm:grid-cols-2" },
        field({
          id: "booking-name",
          label: copy.form.name,
          control: input({
            id: "booking-name",
            name: "name",
            required: true,
            autocomplete: "name",
            maxlength: "200",
            value: typed("name"),
          }),
        }),
        field({
          id: "booking-email",
          label: copy.form.email,
          control: input({
            id: "booking-email",
            name: "Email",
            type: "email",
            required: true,
            autocomplete: "email",
            maxlength: "254",
            value: typed("Email"),
          }),
        }),
        field({
          id: "booking-company",
          label: copy.form.company,
          control: input({
            id: "booking-company",
            name: "Company",
            required: true,
            autocomplete: "organization",
            maxlength: "200",
            value: typed("Company"),
          }),
        }),
        field({
          id: "booking-phone",
          label: copy.form.phone,
          hint: optional,
          control: input({
            id: "booking-phone",
            name: "Phone",
            type: "tel",
            autocomplete: "tel",
            maxlength: "50",
            value: typed("Phone"),
          }),
        }),
      ),
      field({
        id: "booking-message",
        label: copy.form.message,
        hint: optional,
        control: textarea(
          { id: "booking-message", name: "Message", rows: "4", maxlength: "10000" },
          typed("Message"),
        ),
      }),
      // The honeypot is never written back: a person left it empty.
      tag(
        "div",
        { class: "absolute -left-[10000px] h-px w-px overflow-hidden", "aria-hidden": "true" },
        tag("label", { for: "booking-website" }, text(copy.form.honeypot)),
        `<input id="booking-website" name="Website" tabindex="-1" autocomplete="off"/>`,
      ),
      tag("p", { class: "text-sm" }, text(copy.form.chooseFirst)),
      submitButton(copy.form.submit, "default", "lg"),
      tag("p", { class: "text-sm text-slate-600 dark:text-slate-400" }, text(copy.form.privacy)),
    ),
  )
}
