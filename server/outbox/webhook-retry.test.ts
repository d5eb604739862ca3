// Threat: a webhook delivery retried by hand went to its stored URL after the URL had been
// removed from the configuration (issue 21, finding 8): a message sent on to a receiver the
// operator had cut off. Now a delivery is sent only to an entry of WEBHOOK_URLS as configured
// now, and the admin's Retry of one whose entry is gone answers 409 webhook_not_configured.
// See docs/SECURITY.md.
import { buildApp } from "../app"
import { secretBytes } from "../config/outbox"
import { openStore } from "../store"
import { describeEachStore, freshStoreLocation, signIn, testConfig } from "../test/stores"
import { fastOutbox, waitFor } from "../test/wait-for"
import { startReceiver } from "../test/webhook-receiver"

const SECRET = "whsec_" + Buffer.from("a webhook test secret, 32 bytes.").toString("base64")
const visitor = { name: "Ana", Email: "ana@example.com", Message: "Hi", ElapsedMs: 20_000 }

describeEachStore("security: webhook retries follow the configuration", (kind) => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>
  let location: Awaited<ReturnType<typeof freshStoreLocation>>
  beforeEach(async () => {
    // The first request is refused for good (404), so the delivery fails.
    receiver = await startReceiver(secretBytes(SECRET), [404])
    location = await freshStoreLocation(kind)
  })
  afterEach(async () => {
    await receiver.close()
    await location.drop()
  })

  /** The server as the operator runs it with these WEBHOOK_URLS, on the one store. */
  async function serverWith(webhookUrls: string, maxAttempts = 5) {
    const config = testConfig(location, { WEBHOOK_URLS: webhookUrls, WEBHOOK_SECRET: SECRET })
    const built = await buildApp(config, { logger: false, outbox: fastOutbox(maxAttempts) })
    await built.app.ready()
    return { ...built, cookie: await signIn(built.app) }
  }

  it("refuses the admin's retry of a delivery whose URL was removed, and sends nothing there", async () => {
    const removed = `${receiver.url}/removed`
    const before = await serverWith(removed)
    await before.app.inject({ method: "POST", url: "/SendMessage", payload: visitor })
    await waitFor(
      async () => (await before.store.outbox.countByStatus()).failed === 1,
      15_000,
      "the refused delivery",
    )
    const [failed] = await before.store.outbox.list({ status: "failed" }, 10)
    await before.app.close()
    expect(receiver.received.map((r) => r.path)).toEqual(["/removed"])

    // The operator takes that URL out of WEBHOOK_URLS and restarts.
    const after = await serverWith(`${receiver.url}/kept`)
    try {
      const retried = await after.app.inject({
        method: "POST",
        url: `/api/admin/outbox/${failed.id}/retry`,
        headers: { cookie: after.cookie },
      })
      expect(retried.statusCode).toBe(409)
      expect(retried.json()).toEqual({
        error: "webhook_not_configured",
        message: expect.stringContaining("WEBHOOK_URLS"),
      })
      await new Promise((resolve) => setTimeout(resolve, 500))
      expect(receiver.received.map((r) => r.path)).toEqual(["/removed"])
      expect(await after.store.outbox.list({ status: "failed" }, 10)).toEqual([
        expect.objectContaining({ id: failed.id, attempts: 1 }),
      ])
      // A new message goes to the URL configured now; its own retry works as before.
      await after.app.inject({ method: "POST", url: "/SendMessage", payload: visitor })
      await waitFor(
        () => receiver.received.some((r) => r.path === "/kept"),
        15_000,
        "the delivery to the URL configured now",
      )
    } finally {
      await after.app.close()
    }
  })

  it("never sends a delivery still queued for a removed URL; it fails once its attempts are spent", async () => {
    // Queued while the URL was configured (by a server that stopped before sending it).
    const removed = `${receiver.url}/removed`
    const store = await openStore({ ...location, now: Date.now })
    const [id] = await store.outbox.enqueue([
      { kind: "webhook", target: removed, payload: { at: new Date().toISOString() } },
    ])
    await store.close()

    const after = await serverWith(`${receiver.url}/kept`, 3)
    try {
      await waitFor(async () => (await after.store.outbox.countByStatus()).failed === 1, 10_000)
      const [row] = await after.store.outbox.list({ status: "failed" }, 10)
      expect(row).toMatchObject({ id, attempts: 3 })
      expect(row.lastError).toContain("not in WEBHOOK_URLS")
      expect(receiver.received).toEqual([])
    } finally {
      await after.app.close()
    }
  })
})
