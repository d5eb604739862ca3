import { randomBytes } from "node:crypto"
import { secretBytes } from "../config/outbox"
import { describeEachStore, type TestApp, testApp } from "../test/stores"
import { fastOutbox, waitFor } from "../test/wait-for"
import { startReceiver } from "../test/webhook-receiver"

const SECRET = `whsec_${randomBytes(32).toString("base64")}`
const message = (n: number, over: Record<string, unknown> = {}) => ({
  name: `Lead ${n}`,
  Email: `lead${n}@example.com`,
  Company: "ACME <Ltd>",
  Message: `Question ${n}`,
  Language: "en",
  ElapsedMs: 20_000,
  ...over,
})

describeEachStore("webhooks", (kind) => {
  let t: TestApp | null = null
  let receiver: Awaited<ReturnType<typeof startReceiver>> | null = null
  afterEach(async () => {
    await t?.close()
    await receiver?.close()
    t = receiver = null
  })

  const start = async (env: Record<string, string>, maxAttempts = 6) => {
    t = await testApp(
      kind,
      { WEBHOOK_SECRET: SECRET, SITE_URL: "https://www.example.com", ...env },
      { outbox: { ...fastOutbox(maxAttempts), webhookTimeoutMs: 300 } },
    )
    return t
  }

  it("delivers each new message once after deduplication, signed, through a 500, a 429 and a timeout", async () => {
    receiver = await startReceiver(secretBytes(SECRET), [500, 429, "hang"])
    const t = await start({ WEBHOOK_URLS: `${receiver.url}/hooks, slack:${receiver.url}/slack` })
    const ids: string[] = []
    for (let n = 1; n <= 5; n++)
      ids.push(
        (await t.app.inject({ method: "POST", url: "/SendMessage", payload: message(n) })).json()
          .id,
      )
    await t.app.inject({
      method: "POST",
      url: "/SendMessage",
      payload: message(99, { Website: "spam" }),
    })

    await waitFor(
      () => receiver!.unique("/hooks").length === 5 && receiver!.unique("/slack").length === 5,
      8000,
      "five events at each URL",
    )
    await new Promise((resolve) => setTimeout(resolve, 400))
    const hooks = receiver.received.filter((r) => r.path === "/hooks")
    // Every request carried a valid signature; the three failures were retried.
    expect(hooks.every((r) => r.verified)).toBe(true)
    expect(receiver.received.length).toBeGreaterThanOrEqual(13)
    const events = receiver.unique("/hooks").map((r) => r.body)
    expect(events.map((e) => e.data.id).sort()).toEqual([...ids].sort())
    expect(events[0]).toMatchObject({
      type: "message.created",
      data: {
        company: "ACME <Ltd>",
        adminUrl: expect.stringMatching(/^https:\/\/www\.example\.com\/admin\/messages\//),
      },
    })
    // A repeated delivery carries the same webhook-id and the same body.
    const byId = new Map<string, string>()
    for (const r of hooks)
      expect(byId.get(r.id) ?? JSON.stringify(r.body)).toBe(
        byId.set(r.id, JSON.stringify(r.body)).get(r.id),
      )
    // The Slack entry gets incoming-webhook text, escaped, linking to the message in the admin.
    const slack = receiver.unique("/slack").map((r) => r.body.text as string)
    expect(
      slack.some(
        (text) =>
          text.includes("ACME &lt;Ltd&gt;") &&
          text.includes(`<https://www.example.com/admin/messages/${ids[0]}|`),
      ),
    ).toBe(true)
    // Nothing for spam.
    expect(receiver.received.some((r) => JSON.stringify(r.body).includes("Lead 99"))).toBe(false)
    const deliveries = await t.store.outbox.list({ kind: "webhook" }, 100)
    expect(deliveries.filter((d) => d.status !== "sent")).toEqual([])
  }, 20_000)

  it("does not retry a 4xx other than 429: the delivery fails at once and the admin can retry it", async () => {
    receiver = await startReceiver(secretBytes(SECRET), [410])
    const t = await start({ WEBHOOK_URLS: receiver.url })
    await t.app.inject({ method: "POST", url: "/SendMessage", payload: message(1) })
    await waitFor(
      async () => (await t.store.outbox.list({ status: "failed" }, 10)).length === 1,
      15_000,
      "a failed delivery",
    )
    const [failed] = await t.store.outbox.list({ status: "failed" }, 10)
    expect(failed).toMatchObject({ attempts: 1, lastError: "HTTP 410" })
    expect(receiver.received).toHaveLength(1)
    expect(await t.store.outbox.retry(failed.id, [receiver.url])).toBe("pending")
    await waitFor(() => receiver!.received.length === 2, 15_000, "the retried delivery")
    expect(receiver.received[1].id).toBe(receiver.received[0].id)
  }, 40_000)

  it("refuses to start with a plain URL but no WEBHOOK_SECRET, or a malformed entry", async () => {
    const { loadConfig } = await import("../config")
    expect(() => loadConfig({ WEBHOOK_URLS: "https://hooks.example.com/x" })).toThrow(
      /WEBHOOK_SECRET/,
    )
    expect(() => loadConfig({ WEBHOOK_URLS: "slack:ftp://x", WEBHOOK_SECRET: SECRET })).toThrow(
      /WEBHOOK_URLS/,
    )
    expect(() =>
      loadConfig({ WEBHOOK_URLS: "https://a.example.com", WEBHOOK_SECRET: "short" }),
    ).toThrow(/WEBHOOK_SECRET/)
    expect(
      loadConfig({
        WEBHOOK_URLS:
          "slack:https://hooks.slack.com/services/T/B/x, teams:https://example.webhook.office.com/y",
      }).webhooks.map((w) => w.format),
    ).toEqual(["slack", "teams"])
  })
})
