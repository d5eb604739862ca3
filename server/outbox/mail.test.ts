import fs from "node:fs"
import path from "node:path"
import { mailSubject as subject, mailText, mailTo as to, startSmtp } from "../test/smtp"
import { describeEachStore, type TestApp, testApp } from "../test/stores"
import { fastOutbox, waitFor } from "../test/wait-for"

const ackCopy = (language: string) =>
  JSON.parse(
    fs.readFileSync(
      path.resolve(__dirname, `../../content/locales/${language}/contact-mail.json`),
      "utf8",
    ),
  ).ack
const brand = JSON.parse(
  fs.readFileSync(path.resolve(__dirname, "../../content/locales/fr/common.json"), "utf8"),
).brand.name as string

const message = (over: Record<string, unknown> = {}) => ({
  name: "Camille Martin",
  Email: "camille@example.fr",
  Company: "ACME",
  Message: "Bonjour,\nune démo ?",
  Language: "fr",
  Page: "/contact",
  ElapsedMs: 20_000,
  ...over,
})

describeEachStore("outbox mail", (kind) => {
  let t: TestApp | null = null
  let smtp: Awaited<ReturnType<typeof startSmtp>> | null = null
  afterEach(async () => {
    await t?.close()
    await smtp?.close()
    t = smtp = null
  })

  const start = async (env: Record<string, string> = {}, failures = 0, maxAttempts = 5) => {
    smtp = await startSmtp(failures)
    t = await testApp(
      kind,
      {
        SMTP_URL: smtp.url,
        CONTACT_NOTIFY_TO: "team@example.com",
        MAIL_FROM: "site@example.com",
        ...env,
      },
      { outbox: fastOutbox(maxAttempts) },
    )
    return { smtp, t }
  }
  const post = (body: object) =>
    t!.app.inject({ method: "POST", url: "/SendMessage", payload: body })

  it(
    "mails the team and acknowledges to the sender in " +
      "the language they read, with the message's reference",
    async () => {
      const { smtp } = await start()
      const ids: Record<string, string> = {}
      for (const [language, email] of [
        ["fr", "camille@example.fr"],
        ["en", "sam@example.com"],
        ["de", "jana@example.de"],
      ]) {
        const created = await post(message({ Language: language, Email: email }))
        expect(created.statusCode).toBe(201)
        ids[email] = created.json().id
      }
      await waitFor(() => smtp.received.length === 6, 5000, "six mails")
      const team = smtp.received.filter((raw) => to(raw) === "team@example.com")
      expect(team).toHaveLength(3)
      // The worker sends in parallel: the notifications arrive in any order.
      expect(
        team.filter((raw) => /^Reply-To: Camille Martin <camille@example\.fr>\r$/m.test(raw)),
      ).toHaveLength(1)
      for (const [language, email] of [
        ["fr", "camille@example.fr"],
        ["en", "sam@example.com"],
        ["de", "jana@example.de"],
      ]) {
        const acks = smtp.received.filter((raw) => to(raw).includes(email))
        expect(acks).toHaveLength(1)
        const raw = acks[0]
        expect(raw).toMatch(/^From: site@example\.com\r$/m)
        expect(raw).toMatch(/^Reply-To: team@example\.com\r$/m)
        expect(raw).toMatch(/^Auto-Submitted: auto-replied\r$/m)
        const reference = ids[email].replace(/-/g, "").slice(0, 8).toUpperCase()
        expect(subject(raw)).toBe(
          ackCopy(language).subject.replace("{{brand}}", brand).replace("{{reference}}", reference),
        )
        const text = mailText(raw).replace(/\r\n/g, "\n")
        expect(text).toContain(reference)
        expect(text).not.toContain("une démo")
        expect(text).toContain(ackCopy(language).body.split("\n")[2].split("{{")[0])
      }
      // Each mail carries its delivery id as Message-ID, distinct per mail.
      const messageIds = smtp.received.map((raw) => /^Message-ID: (<[^>]+>)\r$/m.exec(raw)?.[1])
      expect(new Set(messageIds).size).toBe(6)
    },
  )

  it("sends nothing for spam, and no acknowledgement with CONTACT_ACK=0", async () => {
    const { smtp } = await start({ CONTACT_ACK: "0" })
    await post(message({ Website: "x" }))
    await post(message({ ElapsedMs: 300, name: "Too Fast" }))
    await post(message({ name: "Real" }))
    await waitFor(() => smtp.received.length === 1)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(smtp.received).toHaveLength(1)
    expect(to(smtp.received[0])).toBe("team@example.com")
    expect(smtp.received[0]).toContain("Subject: New contact message from Real")
  })

  it("acknowledges at most CONTACT_ACK_PER_DAY messages from one address in a day, whatever its case", async () => {
    const { smtp } = await start({ CONTACT_ACK_PER_DAY: "2" })
    await Promise.all(
      [1, 2, 3, 4].map((n) =>
        post(
          message({ name: `Try ${n}`, Email: n % 2 ? "Flood@Example.com" : "flood@example.com" }),
        ),
      ),
    )
    await waitFor(() => smtp.received.length >= 6)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(smtp.received.filter((raw) => to(raw) === "team@example.com")).toHaveLength(4)
    expect(smtp.received.filter((raw) => /flood@example\.com/i.test(to(raw)))).toHaveLength(2)
  })

  it("retries after temporary refusals and delivers each mail once", async () => {
    const { smtp, t } = await start({ CONTACT_ACK: "0" }, 2)
    await post(message())
    await waitFor(() => smtp.received.length === 1)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(smtp.received).toHaveLength(1)
    const [row] = await t.store.outbox.list({ kind: "notify" }, 10)
    expect(row).toMatchObject({ status: "sent", attempts: 3 })
  })

  it(
    "keeps the message when the mail server is down, shows " +
      "the mail failed after its attempts, and a retry sends it",
    async () => {
      const { smtp, t } = await start({ CONTACT_ACK: "0" }, 0, 3)
      const url = smtp.url
      await smtp.close()
      const response = await post(message())
      expect(response.statusCode).toBe(201)
      await waitFor(
        async () => (await t.store.outbox.list({ status: "failed" }, 10)).length === 1,
        5000,
        "a failed delivery",
      )
      const [failed] = await t.store.outbox.list({ status: "failed" }, 10)
      expect(failed).toMatchObject({ kind: "notify", attempts: 3, messageId: response.json().id })
      expect(failed.lastError).toMatch(/ECONNREFUSED/)
      expect(await t.store.messages.get(response.json().id)).toMatchObject({
        name: "Camille Martin",
        status: "unread",
      })
      // The mail server comes back on the same port; the admin's retry delivers it.
      const port = Number(new URL(url).port)
      const { SMTPServer } = await import("smtp-server")
      const received: string[] = []
      const again = new SMTPServer({
        authOptional: true,
        disabledCommands: ["STARTTLS"],
        logger: false,
        onData(stream, _s, cb) {
          let raw = ""
          stream.on("data", (c: Buffer) => (raw += c))
          stream.on("end", () => {
            received.push(raw)
            cb()
          })
        },
      })
      await new Promise<void>((resolve) => again.listen(port, "127.0.0.1", resolve))
      try {
        expect(await t.store.outbox.retry(failed.id, [])).toBe("pending")
        expect(await t.store.outbox.retry(failed.id, [])).toBe("not_found")
        await waitFor(() => received.length === 1, 5000, "the retried mail")
      } finally {
        await new Promise<void>((resolve) => again.close(() => resolve()))
      }
    },
  )
})
