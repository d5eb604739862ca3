import { doubleOptInApp } from "../test/double-opt-in-app"
import { mailText, startSmtp } from "../test/smtp"
import { describeEachStore, type TestApp } from "../test/stores"
import { waitFor } from "../test/wait-for"

// Double opt-in, with a real SMTP server: a subscription counts once its address confirms it.
describeEachStore("newsletter double opt-in", (kind) => {
  // Real time (the outbox waits on it), moved a day ahead where the daily limit is tested.
  let dayOffset = 0
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  let t: TestApp
  beforeAll(async () => {
    // The first mail is refused, for the failure test below, which runs first.
    ;({ smtp, t } = await doubleOptInApp(kind, () => dayOffset, 1))
  })
  afterAll(async () => {
    await t.close()
    await smtp.close()
  })

  // The confirmation goes through the outbox: the answer comes first, the mail right after.
  // The answer is the same when no mail is due, so a test says whether it expects one; when
  // it expects none it gives the outbox time to (wrongly) send one.
  const subscribe = async (email: string, language: string, mailExpected = true) => {
    const before = smtp.received.length
    const response = await t.app.inject({
      method: "POST",
      url: "/api/newsletter",
      payload: { email, language, consentVersion: "2026-11-22" },
    })
    if (mailExpected)
      await waitFor(() => smtp.received.length > before, 5000, "the confirmation mail")
    else await new Promise((resolve) => setTimeout(resolve, 300))
    return response
  }
  const linkIn = (raw: string) =>
    /https:\/\/www\.example\.com\/api\/newsletter\/confirm\?token=([A-Za-z0-9_-]+)/.exec(
      mailText(raw),
    )
  const find = async (email: string) => {
    for await (const s of t.store.subscribers.each(email)) return s
    return null
  }
  const mailingList = async () => {
    const emails: string[] = []
    for await (const s of t.store.subscribers.each(undefined, { confirmedOnly: true }))
      emails.push(s.email)
    return emails
  }

  it("answers at once and mails the link through the outbox, which retries a refusal and sends it once", async () => {
    const response = await subscribe("retry@example.com", "en")
    expect([response.statusCode, response.json()]).toEqual([202, { status: "confirmation_sent" }])
    expect((await find("retry@example.com"))?.confirmedAt).toBeNull()
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(smtp.received).toHaveLength(1)
    expect(linkIn(smtp.received[0])).not.toBeNull()
    const [delivery] = await t.store.outbox.list({ kind: "newsletter_confirm" }, 1)
    expect(delivery).toMatchObject({ status: "sent", attempts: 2 })
  })

  it("mails a new address a confirmation link in its language, and counts it only once confirmed", async () => {
    const response = await subscribe("Jana@Example.de", "de")
    expect([response.statusCode, response.json()]).toEqual([202, { status: "confirmation_sent" }])
    const raw = smtp.received.at(-1)!
    expect(raw).toMatch(/^To: jana@example\.de\r$/m)
    expect(raw).toMatch(/^From: site@example\.com\r$/m)
    expect(mailText(raw)).toContain("Bitte bestätigen Sie Ihre Anmeldung über diesen Link")
    expect(mailText(raw)).toContain("jana@example.de")
    expect(await mailingList()).not.toContain("jana@example.de")

    // Opening the link (as a mail scanner would) lands on the page and confirms nothing;
    // the page's button posts the token.
    const token = linkIn(raw)![1]
    const opened = await t.app.inject({ url: `/api/newsletter/confirm?token=${token}` })
    expect([opened.statusCode, opened.headers.location]).toEqual([
      303,
      `/de/newsletter/confirmed?token=${token}`,
    ])
    expect((await find("jana@example.de"))?.confirmedAt).toBeNull()
    const confirm = await t.app.inject({
      method: "POST",
      url: "/api/newsletter/confirm",
      payload: { token },
    })
    expect([confirm.statusCode, confirm.json()]).toEqual([200, { status: "confirmed" }])
    expect((await find("jana@example.de"))?.confirmedAt).not.toBeNull()
    expect(await mailingList()).toContain("jana@example.de")

    // Confirming again changes nothing and still answers; asking again sends no mail and
    // answers as for a new address.
    const confirmedAt = (await find("jana@example.de"))?.confirmedAt
    expect(
      (await t.app.inject({ method: "POST", url: "/api/newsletter/confirm", payload: { token } }))
        .statusCode,
    ).toBe(200)
    expect((await find("jana@example.de"))?.confirmedAt).toBe(confirmedAt)
    const sent = smtp.received.length
    const known = await subscribe("jana@example.de", "de", false)
    expect([known.statusCode, known.json()]).toEqual([202, { status: "confirmation_sent" }])
    expect(smtp.received).toHaveLength(sent)
  })

  it("sends the link again, in the latest language, while the subscription waits, once a day at most", async () => {
    await subscribe("paul@example.fr", "fr")
    const first = smtp.received.at(-1)!
    expect(mailText(first)).toContain("Pour confirmer votre inscription, ouvrez ce lien")
    const sent = smtp.received.length
    const soon = await subscribe("paul@example.fr", "en", false)
    expect([soon.statusCode, soon.json()]).toEqual([202, { status: "confirmation_sent" }])
    expect(smtp.received).toHaveLength(sent)
    dayOffset += 24 * 3_600_000
    const again = await subscribe("paul@example.fr", "en")
    expect([again.statusCode, again.json()]).toEqual([202, { status: "confirmation_sent" }])
    expect(smtp.received).toHaveLength(sent + 1)
    const raw = smtp.received.at(-1)!
    // The first link still works: tokens are added, not replaced.
    expect(
      (await t.app.inject({ url: `/api/newsletter/confirm?token=${linkIn(first)![1]}` })).headers
        .location,
    ).toBe(`/en/newsletter/confirmed?token=${linkIn(first)![1]}`)
    expect(raw).toMatch(/^Subject: Confirm your subscription to the Mesurea newsletter\r$/m)
    const opened = await t.app.inject({ url: `/api/newsletter/confirm?token=${linkIn(raw)![1]}` })
    expect(opened.headers.location).toBe(`/en/newsletter/confirmed?token=${linkIn(raw)![1]}`)
  })

  it("answers an unknown link with the page's unknown state, and its POST with 404", async () => {
    const page = await t.app.inject({ url: "/api/newsletter/confirm?token=nope" })
    expect([page.statusCode, page.headers.location]).toEqual([
      303,
      "/newsletter/confirmed?status=unknown",
    ])
    const post = await t.app.inject({
      method: "POST",
      url: "/api/newsletter/confirm",
      payload: { token: "nope" },
    })
    expect([post.statusCode, post.json().error]).toEqual([404, "unknown_token"])
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/newsletter/confirm",
          payload: { token: "no pe" },
        })
      ).statusCode,
    ).toBe(400)
    expect((await t.app.inject({ url: "/api/newsletter/confirm?token=a%00b" })).statusCode).toBe(
      400,
    )
  })
})
