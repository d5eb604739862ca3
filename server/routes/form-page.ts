import { DEFAULT_LANGUAGE, isLanguage, localizePath } from "../../contract/languages"
import { escapeMarkup } from "../../contract/markup"
import type { Site } from "../static/site-files"

/** A site path in a language: French has no prefix; an unknown language is French. */
export function localizedPage(path: string, language: string | undefined): string {
  return localizePath(path, isLanguage(language) ? language : DEFAULT_LANGUAGE)
}

/** The error notices each form prerenders, hidden (src/components/ui/form-error-notices.tsx). */
export type FormError = "invalid" | "tooMany" | "unavailable"

type Render = {
  form: string
  error: FormError
  values: Record<string, string>
  /** Every value posted under each name: the boxes that were ticked, of each group. */
  choices: ReadonlyMap<string, string[]>
  returnTo: string | undefined
  language: string | undefined
}

/** Fields never written back into a page: the honeypot, and what the page sets itself. */
const NOT_ECHOED = new Set([
  "Website",
  "ElapsedMs",
  "Language",
  "language",
  "Page",
  "consentVersion",
])

/** An attribute's text as the browser reads it, for the entities React and escapeMarkup write. */
const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
  "&#x27;": "'",
}
const attributeText = (raw: string) =>
  raw.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (e) => ENTITIES[e])

/**
 * A checkbox or radio as it was posted: ticked when the post carried its value under its name
 * (a browser posts exactly the ticked boxes of a form, "on" for one without a value).
 */
function asPosted(tag: string, name: string, choices: ReadonlyMap<string, string[]>): string {
  const value = attributeText(/\svalue="([^"]*)"/.exec(tag)?.[1] ?? "on")
  const untouched = tag.replace(/\schecked(="[^"]*")?(?=[\s/>])/, "")
  return (choices.get(name) ?? []).includes(value)
    ? untouched.replace(/^<input\b/, "<input checked")
    : untouched
}

function pageFile(site: Site, path: string | undefined) {
  if (!path || !path.startsWith("/") || path.startsWith("//") || path.length > 300) return null
  return (
    site.files.get(path === "/" ? "/index.html" : `${path.replace(/\/$/, "")}/index.html`) ?? null
  )
}

/**
 * The page a failed form post came from, as built, with the form's hidden notice for the
 * error shown and the visitor's input written back into the fields, so nothing typed is
 * lost and nothing personal goes into a URL. Null when the site is not built (the route's
 * JSON error is answered instead).
 */
export function renderFormError(
  site: Site | undefined,
  { form, error, values, choices, returnTo, language }: Render,
): { html: string; csp: string | null } | null {
  if (!site) return null
  const home = localizedPage("/", language)
  const file = pageFile(site, returnTo) ?? pageFile(site, home)
  if (!file) return null
  const html = file.body.toString("utf8")
  const marker = html.indexOf(`data-form="${form}"`)
  const start = html.lastIndexOf("<form", marker)
  const end = html.indexOf("</form>", marker)
  if (marker < 0 || start < 0 || end < 0) return null
  let segment = html.slice(start, end)
  segment = segment.replace(/<input\b[^>]*>/g, (tag) => {
    const name = /\sname="([^"]*)"/.exec(tag)?.[1]
    if (!name || NOT_ECHOED.has(name)) return tag
    // A box's value is what it stands for, not what was typed: writing the posted value (of
    // several boxes, the last) into each would make every box of the group stand for it. What
    // the visitor chose is which boxes are ticked.
    if (/\stype="(checkbox|radio)"/.test(tag)) return asPosted(tag, name, choices)
    if (!Object.hasOwn(values, name) || /\stype="hidden"/.test(tag)) return tag
    // Concatenation, not a replacement string: "$&", "$'" or "$1" typed by a visitor must stay
    // text, not splice pieces of the page back in.
    const rest = tag.replace(/\svalue="[^"]*"/, "").slice("<input".length)
    return `<input value="${escapeMarkup(values[name])}"${rest}`
  })
  segment = segment.replace(
    /(<textarea\b[^>]*\sname="([^"]*)"[^>]*>)[\s\S]*?(<\/textarea>)/g,
    (whole, open: string, name: string, close: string) =>
      Object.hasOwn(values, name) && !NOT_ECHOED.has(name)
        ? open + escapeMarkup(values[name]) + close
        : whole,
  )
  segment = segment.replace(
    new RegExp(`<[a-z]+\\b[^>]*\\sdata-form-error="${error}"[^>]*>`),
    (tag) => tag.replace(/\s+hidden(="")?(?=[\s/>])/, ""),
  )
  return { html: html.slice(0, start) + segment + html.slice(end), csp: file.csp }
}
