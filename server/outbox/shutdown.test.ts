import { secretBytes } from "../config/outbox"
import { describeEachStore, testApp } from "../test/stores"
import { fastOutbox, waitFor } from "../test/wait-for"
import { startReceiver } from "../test/webhook-receiver"

const SECRET = "whsec_" + Buffer.from("shutdown test secret of 32 bytes").toString("base64")

// Closing the app stops the worker between sends: the sends under way finish and are
// recorded, no new one starts, and what was not sent stays pending for the next start.
describeEachStore("outbox on shutdown", (kind) => {
  it("finishes the sends under way, starts no new one, and leaves the rest pending", async () => {
    const receiver = await startReceiver(secretBytes(SECRET), [], 400)
    const t = await testApp(
      kind,
      { WEBHOOK_URLS: receiver.url, WEBHOOK_SECRET: SECRET },
      { outbox: fastOutbox() },
    )
    try {
      await t.store.outbox.enqueue(
        Array.from({ length: 30 }, () => ({
          kind: "webhook" as const,
          target: receiver.url,
          payload: { at: new Date().toISOString() },
        })),
      )
      const t0 = Date.now()
      await waitFor(() => receiver.received.length >= 1, 5000, "the first sends")
      const t1 = Date.now()
      await t.app.close()
      process.stdout.write(
        `[${kind}] close() waited ${Date.now() - t1} ms for the ` +
          `sends under way (first send ${t1 - t0} ms after queueing)\n`,
      )
      const got = receiver.received.length
      // A batch of 20 was under way; none started after close() began.
      expect(got).toBe(20)
      await new Promise((resolve) => setTimeout(resolve, 600))
      expect(receiver.received.length).toBe(got)
    } finally {
      await receiver.close()
    }
    // Reopened: the sent rows are recorded as sent, not left leased; the others wait.
    const { openStore } = await import("../store")
    const store = await openStore({
      databaseUrl: t.config.databaseUrl,
      dataDir: t.config.dataDir,
      now: Date.now,
    })
    try {
      expect(await store.outbox.countByStatus()).toEqual({ pending: 10, sent: 20, failed: 0 })
      const pending = await store.outbox.list({ status: "pending" }, 100)
      expect(pending.every((d) => d.attempts === 0)).toBe(true)
    } finally {
      await store.close()
      await t.close().catch(() => {})
    }
  })
})
