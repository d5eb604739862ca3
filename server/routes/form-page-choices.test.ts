import type { Site, SiteFile } from "../static/site-files"
import { renderFormError } from "./form-page"

// A refused post without JavaScript answers its page with the typed values written back
// (form-page.ts); the boxes of a choice keep the values they stand for.
const page = [
  '<html><body><form data-form="quote" method="post">',
  '<input name="name" value="">',
  '<input type="checkbox" name="markets" value="AE" checked>',
  '<input type="checkbox" name="markets" value="SA">',
  '<input type="radio" name="quotas" value="yes">',
  '<input type="radio" name="quotas" value="no" checked>',
  '<p data-form-error="invalid" hidden>Invalid</p>',
  "</form></body></html>",
].join("")
const file: SiteFile = {
  body: Buffer.from(page),
  br: null,
  gzip: null,
  contentType: "text/html; charset=utf-8",
  cacheControl: "no-cache",
  etag: '"x"',
  csp: null,
}
const site: Site = {
  files: new Map([["/estimation/index.html", file]]),
  adminShell: null,
  notFoundPage: () => null,
}

describe("renderFormError and the boxes of a choice", () => {
  it("writes the typed text back but leaves each checkbox and radio its own value", () => {
    const answered = renderFormError(site, {
      form: "quote",
      error: "invalid",
      values: { name: "Léa", markets: "SA", quotas: "yes" },
      returnTo: "/estimation",
      language: "fr",
    })!.html
    expect(answered).toContain('<input value="Léa" name="name">')
    const values = [...answered.matchAll(/name="(markets|quotas)" value="(\w+)"/g)].map(
      (match) => `${match[1]}=${match[2]}`,
    )
    expect(values).toEqual(["markets=AE", "markets=SA", "quotas=yes", "quotas=no"])
    expect(answered).not.toContain("hidden>Invalid")
  })
})
