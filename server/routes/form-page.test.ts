// Threat: a form page that writes an attacker's text back as markup (issue 21, finding 3). A
// refused urlencoded post to /SendMessage came back as the contact page with the posted values
// inserted through String.replace, so "$'" and "$&" spliced pieces of the page (and an element
// with an inline style) back in after escaping; and a cross-site post's values were kept and
// echoed. Now: every value is escaped and inserted as text, and a post from another origin is
// refused before anything of it is read. See docs/SECURITY.md.
import fs from "node:fs"
import path from "node:path"
import { CONTACT_PAGES as LANGUAGES, writeContactPages as writeSite } from "../test/form-site"
import { describeEachStore, type TestApp, testApp } from "../test/stores"

// Every special pattern of String.prototype.replace, and markup.
const PATTERNS = '$\' $& $` $1 $$ $<x> <b style="color:red">x</b><img src=x onerror=alert(1)>\'"'
const unescape = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&gt;/g, ">")
    .replace(/&lt;/g, "<")
    .replace(/&amp;/g, "&")

/** The value each field of the contact form shows in `html`. */
function shownValues(html: string): Record<string, string> {
  const shown: Record<string, string> = {}
  for (const [tag] of html.matchAll(/<input\b[^>]*>/g)) {
    const name = /\sname="([^"]*)"/.exec(tag)?.[1]
    const value = /\svalue="([^"]*)"/.exec(tag)?.[1]
    if (name && value !== undefined) shown[name] = unescape(value)
  }
  const textarea = /<textarea\b[^>]*\sname="Message"[^>]*>([\s\S]*?)<\/textarea>/.exec(html)
  if (textarea) shown.Message = unescape(textarea[1])
  return shown
}

/** The page as built, and as answered, must differ only inside the form's tags. */
function expectOnlyTheFieldsChanged(built: string, answered: string) {
  const start = built.indexOf("<form")
  const end = built.indexOf("</form>")
  expect(answered.slice(0, start)).toBe(built.slice(0, start))
  expect(answered.slice(answered.indexOf("</form>"))).toBe(built.slice(end))
  // Every "<" a visitor typed is escaped: the form holds the same elements as built.
  const tags = (html: string) => html.slice(start, html.indexOf("</form>")).split("<").length
  expect(tags(answered)).toBe(tags(built))
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()

describeEachStore("security: form pages never echo markup", (kind) => {
  let t: TestApp
  let publicDir: string
  beforeAll(async () => {
    publicDir = writeSite()
    t = await testApp(kind, { PUBLIC_DIR: publicDir, CONTACT_RATE_LIMIT: "1/10m" })
  })
  afterAll(async () => {
    await t.close()
    fs.rmSync(publicDir, { recursive: true, force: true })
  })

  const post = (
    fields: Record<string, string>,
    headers: Record<string, string> = {},
    remoteAddress = "192.0.2.1",
  ) =>
    t.app.inject({
      method: "POST",
      url: "/SendMessage",
      payload: form(fields),
      remoteAddress,
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    })
  const stored = async () => (await t.store.messages.list({}, { offset: 0, limit: 100 })).items
  const typed = (language: string, page: string, email: string) => ({
    name: `Name ${PATTERNS}`,
    Email: email,
    Company: `Company ${PATTERNS}`,
    Phone: `+33 ${PATTERNS}`.slice(0, 50),
    Message: `Message\n${PATTERNS}\n</textarea><script>alert(1)</script>`,
    Website: "",
    ElapsedMs: "9000",
    Language: language,
    returnTo: page,
  })

  it.each(LANGUAGES)(
    "writes back $language field values holding $' $& $` $1 and markup as text (invalid post)",
    async ({ language, page }) => {
      const fields = typed(language, page, `not an address ${PATTERNS}`)
      const answer = await post(fields)
      expect(answer.statusCode).toBe(400)
      expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8")
      const built = fs.readFileSync(path.join(publicDir, page, "index.html"), "utf8")
      expectOnlyTheFieldsChanged(built, answer.body)
      expect(shownValues(answer.body)).toMatchObject({
        name: fields.name,
        Email: fields.Email,
        Company: fields.Company,
        Phone: fields.Phone,
        Message: fields.Message,
        Language: language,
      })
      expect(answer.body).toContain('data-form-error="invalid">')
      expect(answer.body).not.toContain("<b style")
    },
  )

  it.each(LANGUAGES)(
    "writes back a valid $language post refused for its rate as text, addresses with $ included",
    async ({ language, page }) => {
      // Each address is its own rate-limit client: one post passes, the next is refused.
      const remoteAddress = `198.51.100.${LANGUAGES.findIndex((l) => l.language === language)}`
      const fields = typed(language, page, "x$'$&$`$1@example.com")
      const send = () => post(fields, {}, remoteAddress)
      expect((await send()).statusCode).toBe(303)
      const refused = await send()
      expect(refused.statusCode).toBe(429)
      const built = fs.readFileSync(path.join(publicDir, page, "index.html"), "utf8")
      expectOnlyTheFieldsChanged(built, refused.body)
      expect(shownValues(refused.body)).toMatchObject({
        name: fields.name,
        Email: fields.Email,
        Message: fields.Message,
      })
      expect(refused.body).toMatch(/<p role="alert" data-form-error="tooMany">/)
    },
  )

  it.each([
    ["this host on another port", "http://localhost:8080"],
    ["this host over another scheme", "https://localhost"],
    ["another site", "https://elsewhere.example"],
    ["an opaque origin", "null"],
  ])(
    "refuses a post from %s before reading it: nothing stored, nothing echoed",
    async (_, origin) => {
      const before = (await stored()).length
      const fields = typed("en", "/en/contact", "victim@example.com")
      const answer = await post(fields, { origin })
      expect(answer.statusCode).toBe(403)
      expect(answer.json()).toEqual({ error: "cross_site", message: expect.any(String) })
      expect(answer.body).not.toContain("Name $")
      expect(answer.body).not.toContain("victim")
      expect((await stored()).length).toBe(before)
    },
  )

  it("takes a post from the site's own origin, however its port is written", async () => {
    for (const [i, origin] of ["http://localhost", "http://localhost:80"].entries()) {
      const before = (await stored()).length
      const answer = await post(
        typed("fr", "/contact", `own${i}@example.com`),
        { origin, "sec-fetch-site": "same-origin" },
        `203.0.113.${i}`,
      )
      expect(answer.statusCode).toBe(303)
      expect((await stored()).length).toBe(before + 1)
    }
  })
})
