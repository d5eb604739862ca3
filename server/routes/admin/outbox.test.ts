import { secretBytes } from "../../config/outbox"
import { describeEachStore, signIn, type TestApp, testApp } from "../../test/stores"
import { fastOutbox, waitFor } from "../../test/wait-for"
import { startReceiver } from "../../test/webhook-receiver"

const SECRET = "whsec_" + Buffer.from("another test secret, 32 bytes..").toString("base64")

describeEachStore("admin outbox and webhooks", (kind) => {
  let t: TestApp
  let receiver: Awaited<ReturnType<typeof startReceiver>>
  let cookie: string
  beforeAll(async () => {
    // The first request is refused for good (404), so a delivery fails.
    receiver = await startReceiver(secretBytes(SECRET), [404])
    t = await testApp(
      kind,
      {
        WEBHOOK_URLS: `${receiver.url}/hooks,slack:${receiver.url}/services/T000/B000/XXXXSECRET`,
        WEBHOOK_SECRET: SECRET,
      },
      { outbox: fastOutbox() },
    )
    cookie = await signIn(t.app)
  })
  afterAll(async () => {
    await t.close()
    await receiver.close()
  })
  const get = (url: string) => t.app.inject({ url, headers: { cookie } })
  const post = (url: string) => t.app.inject({ method: "POST", url, headers: { cookie } })

  it("needs a session", async () => {
    expect((await t.app.inject({ url: "/api/admin/webhooks" })).statusCode).toBe(401)
    expect(
      (await t.app.inject({ method: "POST", url: "/api/admin/webhooks/0/test" })).statusCode,
    ).toBe(401)
  })

  it("lists a failed delivery with its error, and retries it by hand once", async () => {
    await t.app.inject({
      method: "POST",
      url: "/SendMessage",
      payload: { name: "Ana", Email: "ana@example.com", Message: "Hi", ElapsedMs: 20_000 },
    })
    await waitFor(
      async () => (await get("/api/admin/outbox")).json().failed.length === 1,
      5000,
      "the failed delivery",
    )
    const { failed, counts } = (await get("/api/admin/outbox")).json()
    // The receiver refuses whichever of the two webhooks reaches it first; both are sent at once.
    expect(failed[0]).toMatchObject({
      kind: "webhook",
      status: "failed",
      attempts: 1,
      lastError: "HTTP 404",
    })
    expect([`${receiver.url}/…`, `slack: ${receiver.url}/…`]).toContain(failed[0].target)
    expect(counts.failed).toBe(1)
    const retried = await post(`/api/admin/outbox/${failed[0].id}/retry`)
    expect([retried.statusCode, retried.json()]).toEqual([200, { status: "pending" }])
    expect((await post(`/api/admin/outbox/${failed[0].id}/retry`)).json().error).toBe("not_found")
    await waitFor(
      async () => (await get("/api/admin/outbox")).json().counts.sent === 2,
      5000,
      "the retried delivery",
    )
    expect((await post("/api/admin/outbox/no%00pe/retry")).statusCode).toBe(400)
  })

  it(
    "shows each webhook's latest deliveries without the " +
      "secret part of its URL, and sends a signed test event",
    async () => {
      const test = await post("/api/admin/webhooks/0/test")
      expect(test.statusCode).toBe(202)
      await waitFor(
        () => receiver.received.some((r) => r.id === test.json().id),
        5000,
        "the test event",
      )
      const event = receiver.received.find((r) => r.id === test.json().id)!
      expect(event.verified).toBe(true)
      expect(event.body.type).toBe("webhook.test")
      expect((await post("/api/admin/webhooks/1/test")).statusCode).toBe(202)
      // Both marked sent: the receiver has the first event before its answer reaches the
      // outbox, which then records it (a CI run read it still pending here).
      type Listed = { webhooks: { deliveries: { id: string; status: string }[] }[] }
      await waitFor(async () => {
        const [first, second] = ((await get("/api/admin/webhooks")).json() as Listed).webhooks
        return (
          first.deliveries.some((d) => d.id === test.json().id && d.status === "sent") &&
          second.deliveries.some((d) => d.status === "sent")
        )
      })

      const answer = await get("/api/admin/webhooks")
      expect(answer.body).not.toContain("XXXXSECRET")
      const { webhooks } = answer.json()
      expect(webhooks.map((w: { label: string; format: string }) => [w.label, w.format])).toEqual([
        [`${receiver.url}/…`, "standard"],
        [`slack: ${receiver.url}/…`, "slack"],
      ])
      expect(webhooks[0].deliveries[0]).toMatchObject({
        id: test.json().id,
        status: "sent",
        attempts: 1,
      })
      expect((await post("/api/admin/webhooks/7/test")).statusCode).toBe(404)
      expect((await post("/api/admin/webhooks/x/test")).statusCode).toBe(400)
    },
  )
})
