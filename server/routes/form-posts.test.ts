// The site's forms posted by the browser itself (JavaScript off, or before hydration):
// application/x-www-form-urlencoded with the JSON API's field names. Same validation, spam
// defences and store as the JSON path; a 303 to a localized result page on success; the
// form's page re-rendered with the error and the input on failure; nothing personal in a URL.
import fs from "node:fs"
import { writeFormSite } from "../test/form-site"
import { describeEachStore, type TestApp, testApp } from "../test/stores"

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()
const human = {
  name: "Camille Martin",
  Email: "camille@example.fr",
  Company: "ACME",
  Message: "Bonjour,\nune démo ?",
  Language: "en",
  Page: "/en/contact",
  returnTo: "/en/contact",
  ElapsedMs: "9000",
  Website: "",
}

describeEachStore("form posts without JavaScript", (kind) => {
  let t: TestApp
  let publicDir: string
  beforeAll(async () => {
    publicDir = writeFormSite()
    t = await testApp(kind, { PUBLIC_DIR: publicDir, CONTACT_RATE_LIMIT: "0" })
  })
  afterAll(async () => {
    await t.close()
    fs.rmSync(publicDir, { recursive: true, force: true })
  })

  const post = (
    url: string,
    fields: Record<string, string>,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: "POST",
      url,
      payload: form(fields),
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    })
  const messages = async () => (await t.store.messages.list({}, { offset: 0, limit: 100 })).items

  it("takes fields named like an object's properties as any other (400, not 500)", async () => {
    const before = (await messages()).length
    for (const name of ["__proto__", "constructor", "hasOwnProperty"]) {
      const response = await t.app.inject({
        method: "POST",
        url: "/SendMessage",
        payload: `${name}=&${name}=x`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
      })
      expect([name, response.statusCode]).toEqual([name, 400])
    }
    expect(await messages()).toHaveLength(before)
  })

  it(
    "stores a contact message and answers 303 to the sent " +
      "page in the form's language, with no data in the URL",
    async () => {
      const response = await post("/SendMessage", human, { origin: "http://localhost:80" })
      expect(response.statusCode).toBe(303)
      expect(response.headers.location).toBe("/en/contact/sent")
      expect(response.body).toBe("")
      const stored = (await messages()).find((message) => message.email === human.Email)
      expect(stored).toMatchObject({
        name: "Camille Martin",
        company: "ACME",
        message: "Bonjour,\nune démo ?",
        language: "en",
        page: "/en/contact",
        status: "unread",
      })
    },
  )

  it("applies the honeypot and the fill time to form posts too", async () => {
    expect(
      (
        await post("/SendMessage", {
          ...human,
          Email: "bot1@example.com",
          Website: "http://spam.example",
        })
      ).statusCode,
    ).toBe(303)
    expect(
      (await post("/SendMessage", { ...human, Email: "bot2@example.com", ElapsedMs: "300" }))
        .statusCode,
    ).toBe(303)
    const filed = await messages()
    expect(filed.find((message) => message.email === "bot1@example.com")).toMatchObject({
      status: "spam",
    })
    expect(filed.find((message) => message.email === "bot2@example.com")).toMatchObject({
      status: "spam",
    })
  })

  it(
    "re-renders the form's page with the error shown and the " +
      "input kept when the post is invalid, storing nothing",
    async () => {
      const before = (await messages()).length
      const response = await post("/SendMessage", {
        ...human,
        Email: "not-an-address",
        Message: 'Line one\n<script>alert("x")</script>',
      })
      expect(response.statusCode).toBe(400)
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8")
      expect(response.headers["content-security-policy"]).toContain("'sha256-")
      expect(response.headers.location).toBeUndefined()
      const html = response.body
      expect(html).toContain("<title>Contact</title>")
      expect(html).toMatch(/<p role="alert" data-form-error="invalid">Invalid<\/p>/)
      expect(html).toMatch(/<p role="alert" hidden="" data-form-error="tooMany">/)
      expect(html).toContain('<input value="Camille Martin" id="n" name="name"')
      expect(html).toContain('<input value="not-an-address" id="e" name="Email"')
      expect(html).toContain(
        '<textarea id="m" name="Message" rows="9">Line ' +
          "one\n&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</textarea>",
      )
      // The honeypot is never echoed; hidden fields keep the page's own values.
      expect(html).toContain('<input id="w" name="Website"/>')
      expect(html).toContain('<input type="hidden" name="ElapsedMs" value=""/>')
      expect((await messages()).length).toBe(before)
    },
  )

  it(
    "subscribes from the newsletter form and answers 303 to " +
      "the thanks page; an invalid address comes back on its page",
    async () => {
      const ok = await post("/api/newsletter", {
        email: "leser@example.de",
        language: "de",
        returnTo: "/de/blog",
      })
      expect(ok.statusCode).toBe(303)
      expect(ok.headers.location).toBe("/de/newsletter/thanks")
      const subscribers = await t.store.subscribers.list(undefined, { offset: 0, limit: 100 })
      expect(subscribers.items.map((subscriber) => subscriber.email)).toContain("leser@example.de")

      const bad = await post("/api/newsletter", {
        email: "leser@",
        language: "de",
        returnTo: "/de/blog",
      })
      expect(bad.statusCode).toBe(400)
      expect(bad.body).toContain("<title>Blog</title>")
      expect(bad.body).toContain('<input value="leser@" name="email"')
      // An unknown page to come back to falls back to the home page of the language.
      const elsewhere = await post("/api/newsletter", {
        email: "leser@",
        language: "de",
        returnTo: "//evil.example/x",
      })
      expect(elsewhere.body).toContain("<title>Startseite</title>")
    },
  )

  it("refuses a form posted from another site, storing nothing", async () => {
    const before = (await messages()).length
    const response = await post(
      "/SendMessage",
      { ...human, Email: "csrf@example.com" },
      { origin: "https://elsewhere.example" },
    )
    expect(response.statusCode).toBe(403)
    expect((await messages()).length).toBe(before)
  })

  it("keeps the JSON API as it was, and other routes still refuse form posts", async () => {
    const json = await t.app.inject({
      method: "POST",
      url: "/SendMessage",
      payload: { name: "A", Email: "a@example.com", Message: "m" },
    })
    expect(json.statusCode).toBe(201)
    expect(json.json()).toHaveProperty("id")
    const login = await post("/api/admin/login", { username: "admin", password: "x" })
    expect(login.statusCode).toBe(415)
  })
})

describeEachStore("form posts without JavaScript, rate limited", (kind) => {
  let t: TestApp
  let publicDir: string
  beforeAll(async () => {
    publicDir = writeFormSite()
    t = await testApp(kind, { PUBLIC_DIR: publicDir, CONTACT_RATE_LIMIT: "1/10m" })
  })
  afterAll(async () => {
    await t.close()
    fs.rmSync(publicDir, { recursive: true, force: true })
  })

  it("answers the second post of the window with the page, its 'too many' notice and the input", async () => {
    const send = () =>
      t.app.inject({
        method: "POST",
        url: "/SendMessage",
        payload: form(human),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      })
    expect((await send()).statusCode).toBe(303)
    const limited = await send()
    expect(limited.statusCode).toBe(429)
    expect(limited.body).toMatch(/<p role="alert" data-form-error="tooMany">/)
    expect(limited.body).toContain('<input value="camille@example.fr" id="e" name="Email"')
  })
})
