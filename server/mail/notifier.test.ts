import { startSmtp } from "../test/smtp"
import { type TestApp, testApp } from "../test/stores"

const waitFor = async (condition: () => boolean, ms = 5000) => {
  for (const start = Date.now(); !condition(); ) {
    if (Date.now() - start > ms) throw new Error("timed out")
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

const message = { name: "Camille Martin", Email: "camille@example.fr", Company: "ACME", Message: "Bonjour,\nune démo ?", Language: "fr", Page: "/contact" }

describe("contact notification mail", () => {
  let t: TestApp | null = null
  afterEach(async () => {
    await t?.close()
    t = null
  })

  const start = (smtpUrl: string) =>
    testApp("sqlite", { SMTP_URL: smtpUrl, CONTACT_NOTIFY_TO: "team@example.com", MAIL_FROM: "site@example.com" }, { mailRetryDelaysMs: [50, 50] })

  it("mails each new message to the team with Reply-To set to the sender", async () => {
    const smtp = await startSmtp()
    t = await start(smtp.url)
    const response = await t.app.inject({ method: "POST", url: "/SendMessage", payload: message })
    expect(response.statusCode).toBe(201)
    await waitFor(() => smtp.received.length === 1)
    const mail = smtp.received[0]
    expect(mail).toMatch(/^Reply-To: Camille Martin <camille@example\.fr>\r$/m)
    expect(mail).toMatch(/^To: team@example\.com\r$/m)
    expect(mail).toMatch(/^From: site@example\.com\r$/m)
    expect(mail).toMatch(/^Subject: New contact message from Camille Martin\r$/m)
    expect(mail).toContain("Page: http://localhost:8000/contact")
    await smtp.close()
  })

  it("does not mail spam", async () => {
    const smtp = await startSmtp()
    t = await start(smtp.url)
    await t.app.inject({ method: "POST", url: "/SendMessage", payload: { ...message, Website: "x" } })
    await t.app.inject({ method: "POST", url: "/SendMessage", payload: { ...message, name: "Real" } })
    await waitFor(() => smtp.received.length === 1)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(smtp.received).toHaveLength(1)
    expect(smtp.received[0]).toContain("Subject: New contact message from Real")
    await smtp.close()
  })

  it("retries after a refusal and delivers once", async () => {
    const smtp = await startSmtp(2)
    t = await start(smtp.url)
    await t.app.inject({ method: "POST", url: "/SendMessage", payload: message })
    await waitFor(() => smtp.received.length === 1)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(smtp.received).toHaveLength(1)
    await smtp.close()
  })

  it("keeps the message when the mail server is down", async () => {
    const smtp = await startSmtp()
    await smtp.close()
    t = await start(smtp.url)
    const response = await t.app.inject({ method: "POST", url: "/SendMessage", payload: message })
    expect(response.statusCode).toBe(201)
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(await t.store.messages.get(response.json().id)).toMatchObject({ name: "Camille Martin", status: "unread" })
  })
})
