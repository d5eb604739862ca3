import { describeEachStore, signIn, type TestApp, testApp } from "../test/stores"

const valid = {
  name: "Camille Martin",
  Email: "camille@example.fr",
  Message: "Bonjour, une démo ?",
}

describeEachStore("POST /SendMessage", (kind) => {
  let t: TestApp
  let cookie: string
  beforeAll(async () => {
    t = await testApp(kind)
    cookie = await signIn(t.app)
  })
  afterAll(() => t.close())

  const send = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url: "/SendMessage", payload: payload as object, headers })
  const count = async () => (await t.store.messages.list({}, { offset: 0, limit: 1 })).total

  it("stores a trimmed message with its language and page, and answers 201 { id }", async () => {
    const response = await send({
      ...valid,
      name: "  Camille Martin ",
      Company: " ACME ",
      Phone: " +33 1 23 45 67 89 ",
      Language: "fr",
      Page: "/contact",
      ElapsedMs: 9000,
    })
    expect(response.statusCode).toBe(201)
    const { id } = response.json()
    const stored = await t.store.messages.get(id)
    expect(stored).toMatchObject({
      name: "Camille Martin",
      email: valid.Email,
      company: "ACME",
      phone: "+33 1 23 45 67 89",
      message: valid.Message,
      language: "fr",
      page: "/contact",
      status: "unread",
      spamReason: null,
    })
    expect(Date.parse(stored!.createdAt)).toBeGreaterThan(Date.now() - 60_000)
  })

  it("accepts the specification's bare payload and empty optional fields", async () => {
    expect((await send(valid)).statusCode).toBe(201)
    const { id } = (await send({ ...valid, Company: "", Phone: "" })).json()
    expect(await t.store.messages.get(id)).toMatchObject({ company: null, phone: null })
  })

  it("files honeypot and too-fast messages as spam, answering like any other", async () => {
    const honeypot = await send({ ...valid, Website: "http://spam.example" })
    const fast = await send({ ...valid, ElapsedMs: 800 })
    expect([honeypot.statusCode, fast.statusCode]).toEqual([201, 201])
    expect(await t.store.messages.get(honeypot.json().id)).toMatchObject({
      status: "spam",
      spamReason: "honeypot",
    })
    expect(await t.store.messages.get(fast.json().id)).toMatchObject({
      status: "spam",
      spamReason: "too_fast",
    })
  })

  const bad: [string, unknown][] = [
    ["missing name", { Email: valid.Email, Message: valid.Message }],
    ["blank name", { ...valid, name: "   " }],
    ["name over 200", { ...valid, name: "n".repeat(201) }],
    ["name with a line break", { ...valid, name: "a\nb" }],
    ["name not a string", { ...valid, name: 42 }],
    ["missing Email", { name: "a", Message: "b" }],
    ["invalid Email", { ...valid, Email: "not-an-address" }],
    ["Email over 254", { ...valid, Email: `${"a".repeat(250)}@example.com` }],
    ["Email an array", { ...valid, Email: [valid.Email] }],
    ["Company over 200", { ...valid, Company: "c".repeat(201) }],
    ["Company a number", { ...valid, Company: 1 }],
    ["Phone over 50", { ...valid, Phone: "1".repeat(51) }],
    ["Phone with a line break", { ...valid, Phone: "01\n02" }],
    ["missing Message", { name: "a", Email: valid.Email }],
    ["blank Message", { ...valid, Message: "\n \t" }],
    ["Message over 10,000", { ...valid, Message: "m".repeat(10_001) }],
    ["Message with NUL", { ...valid, Message: "a\u0000b" }],
    ["Message a lone surrogate", { ...valid, Message: "a\ud800b" }],
    ["Language unknown", { ...valid, Language: "es" }],
    ["Page not a path", { ...valid, Page: "http://evil.example" }],
    ["Page over 300", { ...valid, Page: `/${"p".repeat(300)}` }],
    ["Website a number", { ...valid, Website: 1 }],
    ["ElapsedMs a string", { ...valid, ElapsedMs: "3000" }],
    ["ElapsedMs negative", { ...valid, ElapsedMs: -1 }],
    ["ElapsedMs fractional", { ...valid, ElapsedMs: 2.5 }],
    ["unknown field", { ...valid, admin: true }],
    ["lower-case email key", { name: "a", email: valid.Email, Message: "b" }],
    ["an array body", [valid]],
    ["a string body", "hello"],
    ["null", null],
  ]
  it.each(bad)("refuses %s with 400 and stores nothing", async (_, payload) => {
    const before = await count()
    const response = await t.app.inject({
      method: "POST",
      url: "/SendMessage",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(payload),
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ error: expect.any(String), message: expect.any(String) })
    expect(await count()).toBe(before)
  })

  it(
    "refuses malformed JSON (400), an invalid form post (400, " +
      "form-posts.test.ts), a wrong content type (415) and a body over 64 KB (413)",
    async () => {
      const before = await count()
      const malformed = await t.app.inject({
        method: "POST",
        url: "/SendMessage",
        headers: { "content-type": "application/json" },
        payload: '{"name": "a",',
      })
      const form = await t.app.inject({
        method: "POST",
        url: "/SendMessage",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "name=a",
      })
      const text = await t.app.inject({
        method: "POST",
        url: "/SendMessage",
        headers: { "content-type": "text/plain" },
        payload: JSON.stringify(valid),
      })
      const huge = await send({ ...valid, Message: "m".repeat(70_000) })
      expect([malformed.statusCode, form.statusCode, text.statusCode, huge.statusCode]).toEqual([
        400, 400, 415, 413,
      ])
      for (const response of [malformed, form, text, huge])
        expect(Object.keys(response.json())).toEqual(["error", "message"])
      expect(await count()).toBe(before)
    },
  )

  it("shows a stored message through the admin API", async () => {
    const { id } = (await send({ ...valid, Message: "visible to the admin" })).json()
    const response = await t.app.inject({ url: `/api/admin/messages/${id}`, headers: { cookie } })
    expect(response.json()).toMatchObject({ id, message: "visible to the admin" })
  })
})

describeEachStore("POST /SendMessage rate limit", (kind) => {
  let t: TestApp
  // 9 minutes into a 10-minute window.
  const WINDOW_MS = 600_000
  const start = Math.ceil(Date.parse("2024-01-15T10:00:00Z") / WINDOW_MS) * WINDOW_MS
  let clock = start + 540_000
  beforeAll(async () => {
    t = await testApp(kind, { CONTACT_RATE_LIMIT: "3/10m" }, { now: () => clock })
  })
  afterAll(() => t.close())

  const sendFrom = (remoteAddress: string) =>
    t.app.inject({ method: "POST", url: "/SendMessage", payload: valid, remoteAddress })

  it("allows the configured number per address, then answers 429 with Retry-After", async () => {
    const statuses = []
    for (let i = 0; i < 4; i++) statuses.push((await sendFrom("10.0.0.1")).statusCode)
    expect(statuses).toEqual([201, 201, 201, 429])
    const refused = await sendFrom("10.0.0.1")
    expect(refused.json().error).toBe("too_many_requests")
    // Five counted (the refused included): the next post passes once a window later 2 of them
    // still count, 6 minutes into it, 7 minutes from now; not "one window", 10 minutes.
    expect(refused.headers["retry-after"]).toBe("420")
    expect((await sendFrom("10.0.0.2")).statusCode).toBe(201)
  })

  it("lets the next post pass when Retry-After says, and not 2 seconds before", async () => {
    clock = start + 20 * WINDOW_MS + 540_000
    const waits: string[] = []
    for (const address of ["10.0.1.1", "10.0.1.2"]) {
      for (let i = 0; i < 3; i++) expect((await sendFrom(address)).statusCode).toBe(201)
      const refused = await sendFrom(address)
      expect(refused.statusCode).toBe(429)
      waits.push(refused.headers["retry-after"] as string)
    }
    expect(waits[0]).toBe(waits[1])
    const refusedAt = clock
    clock = refusedAt + Number(waits[0]) * 1000 - 2000
    expect((await sendFrom("10.0.1.1")).statusCode).toBe(429)
    clock = refusedAt + Number(waits[0]) * 1000
    expect((await sendFrom("10.0.1.2")).statusCode).toBe(201)
  })

  it("counts newsletter sign-ups separately, with the same limit", async () => {
    const subscribe = (i: number) =>
      t.app.inject({
        method: "POST",
        url: "/api/newsletter",
        payload: { email: `n${i}@example.com`, language: "fr" },
        remoteAddress: "10.0.0.1",
      })
    const statuses = []
    for (let i = 0; i < 4; i++) statuses.push((await subscribe(i)).statusCode)
    expect(statuses).toEqual([202, 202, 202, 429])
    expect(await t.store.subscribers.count()).toBe(3)
  })
})
