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

const render = (values: Record<string, string>, choices: Record<string, string[]>) =>
  renderFormError(site, {
    form: "quote",
    error: "invalid",
    values,
    choices: new Map(Object.entries(choices)),
    returnTo: "/estimation",
    language: "fr",
  })!.html

/** Each box of the page as `name=value`, with `*` when it is ticked. */
const boxes = (html: string) =>
  [...html.matchAll(/<input( checked)? type="\w+" name="(\w+)" value="(\w+)"( checked)?>/g)].map(
    (match) => `${match[2]}=${match[3]}${match[1] || match[4] ? "*" : ""}`,
  )

describe("renderFormError and the boxes of a choice", () => {
  it("writes the typed text back, each box keeps its own value, and the posted ones are ticked", () => {
    const answered = render(
      { name: "Léa", markets: "SA", quotas: "yes" },
      { name: ["Léa"], markets: ["AE", "SA"], quotas: ["yes"] },
    )
    expect(answered).toContain('<input value="Léa" name="name">')
    expect(boxes(answered)).toEqual(["markets=AE*", "markets=SA*", "quotas=yes*", "quotas=no"])
    expect(answered).not.toContain("hidden>Invalid")
  })

  it("unticks what the visitor unticked: a group posted empty is sent by no box", () => {
    expect(boxes(render({ name: "Léa" }, { name: ["Léa"] }))).toEqual([
      "markets=AE",
      "markets=SA",
      "quotas=yes",
      "quotas=no",
    ])
  })

  it("takes a box named like an object's property as any other", () => {
    const named = (name: string) => `<input type="checkbox" name="${name}" value="x">`
    const odd: Site = {
      ...site,
      files: new Map([
        [
          "/estimation/index.html",
          {
            ...file,
            body: Buffer.from(
              `<form data-form="quote">${named("constructor")}${named("__proto__")}</form>`,
            ),
          },
        ],
      ]),
    }
    const answered = renderFormError(odd, {
      form: "quote",
      error: "invalid",
      values: {},
      choices: new Map([["constructor", ["x"]]]),
      returnTo: "/estimation",
      language: "fr",
    })!.html
    expect(answered).toContain('<input checked type="checkbox" name="constructor" value="x">')
    expect(answered).toContain('<input type="checkbox" name="__proto__" value="x">')
  })
})
