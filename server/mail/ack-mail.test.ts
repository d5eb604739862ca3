// Threat: the contact form as a phishing relay (issue 21, finding 5). The acknowledgement went
// to whatever address was typed, from the company's sender, quoting the name and message
// typed: anyone could mail a stranger their text under the company's name (3 a day per
// recipient). Now the acknowledgement carries nothing the visitor typed (not even the name in
// To): the message's reference, the company's promise and the site, in the visitor's language.
// See docs/LEADS.md, "Acknowledgement mail".
import fs from "node:fs"
import path from "node:path"
import { mailSubject, mailText, startSmtp } from "../test/smtp"
import { describeEachStore, signIn, type TestApp, testApp } from "../test/stores"
import { fastOutbox, waitFor } from "../test/wait-for"

const copy = (language: string, file: string) =>
  JSON.parse(
    fs.readFileSync(
      path.resolve(__dirname, `../../content/locales/${language}/${file}.json`),
      "utf8",
    ),
  )

// What a phisher would put in the fields, each piece recognisable.
const LURE = {
  name: "Security Desk: verify at evil.example",
  Company: "Bank of Trust",
  Phone: "+1 555 0100",
  Message: "Your account is locked.\nLog in at https://evil.example/login within 24 hours.",
}
const PIECES = ["evil.example", "Security Desk", "Bank of Trust", "555 0100", "account is locked"]

describeEachStore("security: the acknowledgement relays nothing a stranger typed", (kind) => {
  let t: TestApp
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  beforeAll(async () => {
    smtp = await startSmtp()
    t = await testApp(
      kind,
      {
        SMTP_URL: smtp.url,
        CONTACT_NOTIFY_TO: "team@example.com",
        MAIL_FROM: "site@example.com",
        SITE_URL: "https://www.example.com",
      },
      { outbox: fastOutbox() },
    )
  })
  afterAll(async () => {
    await t.close()
    await smtp.close()
  })

  it.each(["fr", "en", "de"])(
    "mails the victim of a %s post the reference, the promise and the site, none of the lure",
    async (language) => {
      const victim = `victim-${language}@example.org`
      const created = await t.app.inject({
        method: "POST",
        url: "/SendMessage",
        payload: { ...LURE, Email: victim, Language: language, ElapsedMs: 20_000 },
      })
      expect(created.statusCode).toBe(201)
      const id = created.json().id as string
      const reference = id.replace(/-/g, "").slice(0, 8).toUpperCase()
      // Both mails, which the outbox sends in parallel, in any order.
      const teamMail = (r: string) => r.includes("To: team@example.com") && mailText(r).includes(id)
      await waitFor(
        () =>
          smtp.received.some((raw) => raw.includes(`To: ${victim}`)) &&
          smtp.received.some(teamMail),
        15_000,
        "the acknowledgement and the notification",
      )
      const raw = smtp.received.find((r) => r.includes(`To: ${victim}`))!
      const text = mailText(raw).replace(/\r\n/g, "\n")
      const subject = mailSubject(raw)
      const brand = copy(language, "common").brand.name as string
      const ack = copy(language, "contact-mail").ack as { subject: string; body: string }

      // Exactly the language's own words, with the reference, brand and site filled in.
      const fill = (words: string) =>
        words
          .replace(/{{brand}}/g, brand)
          .replace(/{{reference}}/g, reference)
          .replace(/{{siteUrl}}/g, "https://www.example.com")
      expect(subject).toBe(fill(ack.subject))
      expect(text.trim()).toBe(fill(ack.body).trim())
      expect(/^To: (.*)\r$/m.exec(raw)?.[1]).toBe(victim)
      for (const piece of PIECES) {
        expect(raw).not.toContain(piece)
        expect(text).not.toContain(piece)
        expect(subject).not.toContain(piece)
      }

      // The team's notification keeps everything, with the same reference to match a reply.
      const team = smtp.received.find(teamMail)
      expect(team && mailText(team)).toContain(`Reference: ${reference}`)
      expect(team && mailText(team)).toContain("account is locked")

      // The inbox's search finds the message by the reference a reply quotes.
      const cookie = await signIn(t.app)
      const found = await t.app.inject({
        url: `/api/admin/messages?q=${reference.toLowerCase()}`,
        headers: { cookie },
      })
      expect(found.json().items.map((m: { id: string }) => m.id)).toEqual([id])
    },
  )
})
