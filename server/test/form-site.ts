import fs from "node:fs"
import os from "node:os"
import path from "node:path"

// A built site in miniature for the form-post tests: the contact page and a few pages with
// the footer's newsletter form, shaped like Gatsby's output (hidden notices, named fields).
const notices =
  '<p role="alert" hidden="" data-form-error="invalid">Invalid</p><p role="alert" hidden="" data-form-error="tooMany">Too many</p><p role="alert" hidden="" data-form-error="unavailable">Down</p>'
const contactForm =
  `<form method="post" action="/SendMessage" data-form="contact">${notices}` +
  '<input type="hidden" name="Language" value="en"/><input type="hidden" name="returnTo" value="/en/contact"/><input type="hidden" name="ElapsedMs" value=""/>' +
  '<input id="n" name="name" required=""/><input id="e" name="Email" type="email"/><input id="c" name="Company"/><input id="w" name="Website"/>' +
  '<textarea id="m" name="Message" rows="9"></textarea></form>'
const newsletterForm = `<form method="post" action="/api/newsletter" data-form="newsletter">${notices}<input type="hidden" name="language" value="de"/><input name="email" type="email"/></form>`
const page = (title: string, body: string) =>
  `<!DOCTYPE html><html><head><title>${title}</title><script>inline()</script></head><body>${body}${newsletterForm}</body></html>`

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
