import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import zlib from "node:zlib"
import { LANGUAGES, localizePath } from "../../contract/languages"

// A built site with the booking pages' shape as the templates write it: the type and zone GET
// form, and the empty server view React leaves alone (src/components/booking/server-view.tsx).

const INLINE = 'window.pagePath="/contact/booking";'

const page = (title: string, form: string) =>
  `<!DOCTYPE html><html><head><title>${title}</title><script>${INLINE}</script></head><body>` +
  `<main>${form}<div data-booking-server=""></div></main></body></html>`

const GET_FORM =
  '<form method="get" action="/contact/booking" class="space-y-6">' +
  '<input id="booking-type-demo" type="radio" name="type" class="mt-1" checked="" value="demo"/>' +
  '<input id="booking-type-consultation" type="radio" name="type" class="mt-1" value="consultation"/>' +
  '<select id="booking-zone" name="zone"><option value="Europe/Paris" selected="">Europe/Paris</option>' +
  '<option value="Asia/Dubai">Asia/Dubai</option></select><button type="submit">Show</button></form>'

/** Writes the booking and manage pages in each language (with .br/.gz, as the build does). */
export function writeBookingSite(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "booking-site-"))
  const files: Record<string, string> = { "index.html": page("Accueil", "") }
  for (const language of LANGUAGES) {
    const at = (p: string) => `${localizePath(p, language).slice(1)}/index.html`
    files[at("/contact/booking")] = page(`booking ${language}`, GET_FORM)
    files[at("/contact/booking/manage")] = page(`manage ${language}`, "")
  }
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name)
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, content)
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content))
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content))
  }
  return dir
}
