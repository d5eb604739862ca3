import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { panelEstimate } from "../../content-kit/estimate/panel"
import type { RateCard } from "../../content-kit/schema/rate-card"
import { ackMail } from "../mail/ack-mail"
import { webhookBody } from "../outbox/webhook-body"
import { describeEachStore, signIn, type TestApp, testApp, withRaw } from "../test/stores"

const CONTENT = path.resolve(__dirname, "../../content")

const study = {
  markets: ["AE", "FR"],
  criteria: ["gender"],
  incidence: 40,
  lengthMinutes: 12,
  completesPerMarket: 300,
  quotas: true,
  fieldDays: 10,
}
const valid = { ...study, name: "Camille Martin", Email: "camille@example.fr", Language: "fr" }

/** A copy of the content folder whose rate card the test may change. */
function contentCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "quote-content-"))
  fs.cpSync(CONTENT, dir, { recursive: true })
  return dir
}
const cardAt = (dir: string): RateCard =>
  JSON.parse(fs.readFileSync(path.join(dir, "rate-card.json"), "utf8"))

describeEachStore("POST /api/quote", (kind) => {
  let t: TestApp
  let cookie: string
  let contentDir: string
  beforeAll(async () => {
    contentDir = contentCopy()
    t = await testApp(kind, { CONTENT_DIR: contentDir, SITE_URL: "https://www.example.com" })
    cookie = await signIn(t.app)
  })
  afterAll(async () => {
    await t.close()
    fs.rmSync(contentDir, { recursive: true, force: true })
  })

  const send = (payload: unknown) =>
    t.app.inject({ method: "POST", url: "/api/quote", payload: payload as object })
  const count = async () => (await t.store.messages.list({}, { offset: 0, limit: 1 })).total
  const adminGet = (url: string) => t.app.inject({ method: "GET", url, headers: { cookie } })

  it("stores a lead of kind quote with the server's own figures and the rate card's version", async () => {
    const response = await send({ ...valid, name: "  Camille Martin ", ElapsedMs: 9000 })
    expect(response.statusCode).toBe(201)
    const { id } = response.json()
    const expected = panelEstimate(study, cardAt(contentDir))
    if (!expected.ok) throw new Error("the example study must be estimable")
    const shown = (await adminGet(`/api/admin/messages/${id}`)).json()
    expect(shown).toMatchObject({
      kind: "quote",
      name: "Camille Martin",
      status: "unread",
      quote: { inputs: study, estimate: expected.value },
    })
    expect(shown.quote.rateCardVersion).toMatch(/^[0-9a-f]{12}$/)
    // The lead's text is the readable table of the estimate, in the team's language.
    expect(shown.message).toContain(shown.quote.rateCardVersion)
    expect(shown.message).toContain("Émirats arabes unis")
    expect(shown.message).toMatch(/Total : faisable/)
  })

  it("refuses figures sent by the browser, storing nothing", async () => {
    const before = await count()
    const response = await send({ ...valid, estimate: { total: { price: { low: 1, high: 2 } } } })
    expect(response.statusCode).toBe(400)
    expect(await count()).toBe(before)
  })

  it("answers 400 with a message per refused field, and stores nothing", async () => {
    const before = await count()
    const response = await send({
      ...valid,
      markets: ["ZZ"],
      criteria: ["shoe_size"],
      incidence: 0,
      lengthMinutes: 90,
      completesPerMarket: 2.5,
      fieldDays: 0,
    })
    expect(response.statusCode).toBe(400)
    const body = response.json()
    expect(body.error).toBe("invalid_estimate")
    expect(
      Object.fromEntries(
        Object.entries(body.fields).map(([f, v]) => [f, (v as { code: string }).code]),
      ),
    ).toEqual({
      markets: "unknown_market",
      criteria: "unknown_criterion",
      incidence: "incidence_out_of_range",
      lengthMinutes: "length_above_card",
      completesPerMarket: "not_positive_integer",
      fieldDays: "not_positive_integer",
    })
    for (const refused of Object.values(body.fields))
      expect((refused as { message: string }).message.length).toBeGreaterThan(10)
    expect((await send({ ...valid, markets: [] })).json().fields.markets.code).toBe("no_market")
    expect(await count()).toBe(before)
  })

  it("keeps the stored figures when the rate card changes afterwards", async () => {
    const { id } = (await send(valid)).json()
    const stored = (await adminGet(`/api/admin/messages/${id}`)).json().quote
    const file = path.join(contentDir, "rate-card.json")
    const original = fs.readFileSync(file, "utf8")
    try {
      const card = cardAt(contentDir)
      card.markets.AE.baseCpi *= 2
      fs.writeFileSync(file, `${JSON.stringify(card, null, 2)}\n`)
      const later = (await send(valid)).json().id
      const after = (await adminGet(`/api/admin/messages/${later}`)).json().quote
      // The new request is priced with the new card, under a new version...
      expect(after.rateCardVersion).not.toBe(stored.rateCardVersion)
      expect(after.estimate.markets[0].cpi.low).toBeGreaterThan(stored.estimate.markets[0].cpi.low)
      // ...and the earlier one is as it was stored.
      expect((await adminGet(`/api/admin/messages/${id}`)).json().quote).toEqual(stored)
    } finally {
      fs.writeFileSync(file, original)
    }
  })

  it("files honeypot and too-fast requests as spam, answering like any other", async () => {
    const honeypot = await send({ ...valid, Website: "http://spam.example" })
    const fast = await send({ ...valid, ElapsedMs: 800 })
    expect([honeypot.statusCode, fast.statusCode]).toEqual([201, 201])
    expect(await t.store.messages.get(fast.json().id)).toMatchObject({ spamReason: "too_fast" })
    expect(await t.store.messages.get(honeypot.json().id)).toMatchObject({
      spamReason: "honeypot",
    })
  })

  it("takes the no-JS form (checkboxes, decimals) and answers 303 to the result page", async () => {
    const form = new URLSearchParams([
      ["markets", "AE"],
      ["markets", "SA"],
      ["incidence", "35.5"],
      ["lengthMinutes", "10"],
      ["completesPerMarket", "200"],
      ["fieldDays", "7"],
      ["quotas", "on"],
      ["name", "Jo"],
      ["Email", "jo@example.com"],
      ["Language", "en"],
    ])
    const response = await t.app.inject({
      method: "POST",
      url: "/api/quote",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: form.toString(),
    })
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe("/en/produit/click&win/estimation/envoyee")
    const [latest] = (await t.store.messages.list({}, { offset: 0, limit: 1 })).items
    expect(latest.quote?.inputs).toEqual({
      markets: ["AE", "SA"],
      criteria: [],
      incidence: 35.5,
      lengthMinutes: 10,
      completesPerMarket: 200,
      quotas: true,
      fieldDays: 7,
    })
  })

  it("refuses a form post from another site before reading it (403), storing nothing", async () => {
    const before = await count()
    const response = await t.app.inject({
      method: "POST",
      url: "/api/quote",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://attacker.example",
      },
      payload: new URLSearchParams({
        markets: "AE",
        incidence: "40",
        lengthMinutes: "12",
        completesPerMarket: "300",
        fieldDays: "10",
        name: "Jo",
        Email: "jo@example.com",
      }).toString(),
    })
    expect(response.statusCode).toBe(403)
    expect(await count()).toBe(before)
  })

  it("shows the estimate in the CSV export, the webhooks and the chats", async () => {
    const { id } = (await send({ ...valid, Company: "ACME" })).json()
    const csv = (await adminGet("/api/admin/messages/export.csv")).body
    const message = (await t.store.messages.get(id))!
    expect(csv).toContain(message.quote!.rateCardVersion)
    expect(csv).toContain("Total : faisable")
    const standard = JSON.parse(
      webhookBody({ type: "message.created", message }, t.config, "standard"),
    )
    expect(standard.data).toMatchObject({ kind: "quote", quote: message.quote })
    const slack = JSON.parse(webhookBody({ type: "message.created", message }, t.config, "slack"))
    expect(slack.text).toMatch(/^Nouvelle demande de devis de Camille Martin/)
    expect(slack.text).toContain("> - Émirats arabes unis : faisable")
    expect(slack.text).toContain("> Total : faisable")
  })

  it("acknowledges with the estimate, said to be indicative, in the visitor's language", async () => {
    const expected: Record<string, RegExp[]> = {
      fr: [/indicative/, /Émirats arabes unis : faisable/, /€/],
      en: [/indicative/, /United Arab Emirates: feasible/, /€/],
      de: [/unverbindlich/, /Vereinigte Arabische Emirate: machbar/, /€/],
    }
    for (const [language, patterns] of Object.entries(expected)) {
      const { id } = (await send({ ...valid, Language: language })).json()
      const mail = ackMail((await t.store.messages.get(id))!, t.config, "delivery-1")
      for (const pattern of patterns) expect(mail.text).toMatch(pattern)
      expect(mail.text).toContain((await t.store.messages.get(id))!.quote!.rateCardVersion)
      expect(mail.text).not.toContain("Camille")
    }
  })

  it("hands the study over in a personal data export, and erases it with the lead", async () => {
    const email = "erase-me@example.org"
    const { id } = (await send({ ...valid, Email: email })).json()
    const post = (url: string) =>
      t.app.inject({ method: "POST", url, headers: { cookie }, payload: { email } })
    const found = (await post("/api/admin/data-rights/search")).json()
    expect(found.messages).toEqual([expect.objectContaining({ id, kind: "quote" })])
    expect(found.messages[0].quote.inputs).toEqual(study)
    expect((await post("/api/admin/data-rights/erase")).statusCode).toBe(200)
    expect(await t.store.messages.get(id)).toBeNull()
    const left = await withRaw(t.config, (db) =>
      db.selectFrom("quote_requests").select("message_id").execute(),
    )
    expect(left.map((row) => row.message_id)).not.toContain(id)
    expect(left.length).toBeGreaterThan(0)
  })
})
