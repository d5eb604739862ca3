import type { VisitorDay } from "../../content-kit/booking-display"
import { escapeMarkup as e } from "../../contract/markup"

// The markup of the booking pages' React views (src/components/booking/, ui/), written as
// strings with the same classes so that a page without JavaScript looks as the live one does.
// Every value goes through the project's one escaper.

export type Attributes = Record<string, string | true | undefined>

const attributes = (attrs: Attributes) =>
  Object.entries(attrs)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => (value === true ? ` ${name}=""` : ` ${name}="${e(value!)}"`))
    .join("")

export const tag = (name: string, attrs: Attributes, ...children: string[]) =>
  `<${name}${attributes(attrs)}>${children.join("")}</${name}>`
export const voidTag = (name: string, attrs: Attributes) => `<${name}${attributes(attrs)}/>`
export const text = e

// ui/button.tsx's variants.
const BUTTON =
  "inline-flex items-center justify-center gap-2 whitespace-nowrap " +
  "rounded-lg text-sm font-semibold transition-colors " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 " +
  "disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0"
const BUTTON_VARIANTS = {
  default: "bg-brand-600 text-white shadow-sm hover:bg-brand-700",
  destructive: "bg-red-700 text-white shadow-sm hover:bg-red-800",
  outline:
    "border border-slate-300 bg-transparent text-slate-900 hover:bg-slate-100 " +
    "dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800",
}
const BUTTON_SIZES = { default: "h-10 px-4 py-2", lg: "h-12 px-6" }

export const buttonClass = (
  variant: keyof typeof BUTTON_VARIANTS = "default",
  size: keyof typeof BUTTON_SIZES = "default",
) => `${BUTTON} ${BUTTON_VARIANTS[variant]} ${BUTTON_SIZES[size]}`

export const submitButton = (
  label: string,
  variant?: keyof typeof BUTTON_VARIANTS,
  size?: keyof typeof BUTTON_SIZES,
) => tag("button", { type: "submit", class: buttonClass(variant, size) }, e(label))

// ui/notice.tsx.
const NOTICE_TONES = {
  success:
    "border-green-700/40 bg-green-50 text-green-900 dark:border-green-400/40 dark:bg-green-950 dark:text-green-100",
  error:
    "border-red-700/40 bg-red-50 text-red-900 dark:border-red-400/40 dark:bg-red-950 dark:text-red-100",
}

export const notice = (tone: "success" | "error", title: string, body: string) =>
  tag(
    "div",
    {
      role: tone === "error" ? "alert" : "status",
      "data-tone": tone,
      class: `rounded-lg border p-4 text-sm ${NOTICE_TONES[tone]}`,
    },
    tag("p", { class: "font-semibold" }, e(title)),
    tag("p", {}, e(body)),
  )

export const hidden = (name: string, value: string) =>
  voidTag("input", { type: "hidden", name, value })

// slot-list.tsx.
const PILL =
  "block cursor-pointer rounded-lg border border-slate-300 px-3 py-2 text-center text-sm " +
  "font-medium tabular-nums hover:border-brand-600 dark:border-slate-600 " +
  "peer-checked:border-brand-600 peer-checked:bg-brand-600 peer-checked:text-white " +
  "peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2"

/** The free times, one radio group per visitor's day, named `start` with the instant as value. */
export const slotList = (days: VisitorDay[]) =>
  tag(
    "div",
    { class: "space-y-5", "data-testid": "slot-list" },
    ...days.map((day) =>
      tag(
        "fieldset",
        {},
        tag("legend", { class: "mb-2 font-semibold first-letter:uppercase" }, e(day.label)),
        tag(
          "ul",
          { class: "grid grid-cols-3 gap-2 sm:grid-cols-6" },
          ...day.times.map(({ start, time }) =>
            tag(
              "li",
              {},
              voidTag("input", {
                id: `slot-${start}`,
                type: "radio",
                name: "start",
                value: new Date(start).toISOString(),
                required: true,
                class: "peer sr-only",
              }),
              tag("label", { for: `slot-${start}`, class: PILL }, e(time)),
            ),
          ),
        ),
      ),
    ),
  )

// ui/field.tsx.
const CONTROL =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 " +
  "py-2 text-base text-slate-900 placeholder:text-slate-500 " +
  "focus-visible:border-brand-600 dark:border-slate-600 " +
  "dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"

type FieldSpec = { id: string; label: string; hint?: string; control: string }

export const field = ({ id, label, hint, control }: FieldSpec) =>
  tag(
    "div",
    {},
    tag(
      "label",
      { for: id, class: "mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200" },
      e(label),
      hint
        ? tag("span", { class: "font-normal text-slate-600 dark:text-slate-400" }, ` (${e(hint)})`)
        : "",
    ),
    control,
  )

export const input = (attrs: Attributes) => voidTag("input", { ...attrs, class: CONTROL })
export const textarea = (attrs: Attributes, value: string) =>
  tag("textarea", { ...attrs, class: CONTROL }, e(value))
