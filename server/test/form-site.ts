import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { localeFile, locateContent } from "../../content-kit/locate"

// A built site in miniature for the form-post tests: the contact page and a few pages with
// the footer's newsletter form, shaped like Gatsby's output (hidden notices, named fields).
const notices =
  '<p role="alert" hidden="" data-form-error="invalid">Invalid</p><p role="alert" hidden="" ' +
  'data-form-error="tooMany">Too many</p><p role="alert" hidden="" data-form-error="unavailable">Down</p>'
const contactForm =
  `<form method="post" action="/SendMessage" data-form="contact">${notices}` +
  '<input type="hidden" name="Language" value="en"/><input type="hidden" ' +
  'name="returnTo" value="/en/contact"/><input type="hidden" name="ElapsedMs" value=""/>' +
  '<input id="n" name="name" required=""/><input id="e" name="Email" ' +
  'type="email"/><input id="c" name="Company"/><input id="w" name="Website"/>' +
  '<textarea id="m" name="Message" rows="9"></textarea></form>'
const newsletterForm =
  `<form method="post" action="/api/newsletter" data-form="newsletter">${notices}<input ` +
  `type="hidden" name="language" value="de"/><input name="email" type="email"/></form>`
const page = (title: string, body: string) =>
  `<!DOCTYPE ` +
  `html><html><head><title>${title}</title><script>inline()</script></head><body>${body}${newsletterForm}</body></html>`

/** Writes the miniature site into a new temporary folder and returns it. */
export function writeFormSite(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "form-site-"))
  const files: Record<string, string> = {
    "index.html": page("Accueil", ""),
    "de/index.html": page("Startseite", ""),
    "en/contact/index.html": page("Contact", contactForm),
    "de/blog/index.html": page("Blog", ""),
  }
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
    fs.writeFileSync(path.join(dir, name), content)
  }
  return dir
}

/** The contact page in each language, as writeContactPages() writes it. */
export const CONTACT_PAGES = [
  { language: "fr", page: "/contact", title: "Contact" },
  { language: "en", page: "/en/contact", title: "Contact us" },
  { language: "de", page: "/de/contact", title: "Kontakt" },
] as const

/** The words of the form's prerendered error notices in `language` (common.json formErrors). */
export function formErrorCopy(language: string): Record<string, string> {
  const file = localeFile(locateContent(), language, "common")
  return (JSON.parse(fs.readFileSync(file, "utf8")) as { formErrors: Record<string, string> })
    .formErrors
}

const contactPage = (language: string, page: string, title: string) => {
  const copy = formErrorCopy(language)
  const hiddenNotices = ["invalid", "tooMany", "unavailable"]
    .map((kind) => `<p role="alert" hidden="" data-form-error="${kind}">${copy[kind]}</p>`)
    .join("")
  return (
    `<!DOCTYPE html><html lang="${language}"><head><title>${title}</title></head><body>` +
    `<h1>${title}</h1><form method="post" action="/SendMessage" data-form="contact">` +
    hiddenNotices +
    `<input type="hidden" name="Language" value="${language}"/>` +
    `<input type="hidden" name="returnTo" value="${page}"/>` +
    '<input type="hidden" name="ElapsedMs" value=""/>' +
    '<input id="n" name="name" required=""/><input id="e" name="Email" type="email"/>' +
    '<input id="c" name="Company"/><input id="p" name="Phone" value=""/>' +
    '<input id="w" name="Website"/><textarea id="m" name="Message" rows="9"></textarea>' +
    `</form><footer>$' after the form</footer></body></html>`
  )
}

/**
 * The contact page in fr, en and de, with every field of the real form and the real words of
 * its error notices, in a new temporary folder.
 */
export function writeContactPages(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "contact-pages-"))
  for (const { language, page, title } of CONTACT_PAGES) {
    const file = path.join(dir, page, "index.html")
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, contactPage(language, page, title))
  }
  return dir
}
