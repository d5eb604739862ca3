import { buildApp } from "../app"
import { secretBytes } from "../config/outbox"
import { openStore } from "../store"
import { describeEachStore, freshStoreLocation, testConfig } from "../test/stores"
import { fastOutbox, waitFor } from "../test/wait-for"
import { startReceiver } from "../test/webhook-receiver"

const SECRET = "whsec_" + Buffer.from("a test secret of thirty-two bytes").toString("base64")
const MESSAGES = 120

// Two server instances on one store, each with its own outbox worker, as two replicas on one
// PostgreSQL would run. The receiver is slow (each answer waits), so the workers' batches
// overlap in time; no delivery may be in flight twice at once, nor arrive twice.
describeEachStore("two outbox workers on one store", (kind) => {
  it("never deliver the same row at once, and deliver every row once", async () => {
    const receiver = await startReceiver(secretBytes(SECRET), [], 40)
    const location = await freshStoreLocation(kind)
    const config = testConfig(location, { WEBHOOK_URLS: receiver.url, WEBHOOK_SECRET: SECRET })
    const delivered = [0, 0]
    const instances: Awaited<ReturnType<typeof buildApp>>[] = []
    // One after the other: running migrations at the same moment is another test's subject.
    for (const n of [0, 1]) {
      const built = await buildApp(config, {
        logger: false,
        outbox: {
          ...fastOutbox(),
          recordDelivery: (_kind, result) => void (result === "sent" && delivered[n]++),
        },
      })
      await built.app.ready()
      instances.push(built)
    }
    try {
      const started = Date.now()
      await Promise.all(
        Array.from({ length: MESSAGES }, (_, i) =>
          instances[i % 2].app.inject({
            method: "POST",
            url: "/SendMessage",
            payload: {
              name: `Lead ${i}`,
              Email: `l${i}@example.com`,
              Message: "Hello",
              ElapsedMs: 20_000,
            },
          }),
        ),
      )
      await waitFor(() => receiver.unique().length === MESSAGES, 20_000, `${MESSAGES} events`)
      const seconds = (Date.now() - started) / 1000
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(receiver.overlaps).toEqual([])
      expect(receiver.received).toHaveLength(MESSAGES)
      expect(receiver.received.every((r) => r.verified)).toBe(true)
      // How the rows were split between the workers depends on scheduling (usually both take
      // part; the claim race below forces it); together they sent each one once.
      expect(delivered[0] + delivered[1]).toBe(MESSAGES)
      process.stdout.write(
        `[${kind}] ${MESSAGES} webhooks by two workers (${delivered.join(" + ")}) in ` +
          `${seconds.toFixed(2)} s with a 40 ms receiver: ${(MESSAGES / seconds).toFixed(0)} deliveries/s\n`,
      )
    } finally {
      for (const instance of instances) await instance.app.close()
      await receiver.close()
      await location.drop()
    }
  }, 30_000)
})

describeEachStore("outbox leases", (kind) => {
  it("are never granted twice: two stores racing to claim 400 rows take disjoint sets", async () => {
    const location = await freshStoreLocation(kind)
    const stores = []
    for (let n = 0; n < 2; n++)
      stores.push(
        await openStore({
          databaseUrl: location.databaseUrl,
          dataDir: location.dataDir,
          now: Date.now,
        }),
      )
    try {
      await stores[0].outbox.enqueue(
        Array.from({ length: 400 }, () => ({
          kind: "webhook" as const,
          target: "https://example.com/hook",
        })),
      )
      const claimed: string[][] = [[], []]
      await Promise.all(
        stores.flatMap((store, n) =>
          // Four claimers per store, as a worker's batches and another replica's would overlap.
          Array.from({ length: 4 }, async () => {
            for (;;) {
              const rows = await store.outbox.claim(["webhook"], 7, `worker-${n}`, 60_000)
              if (rows.length === 0) return
              claimed[n].push(...rows.map((r) => r.id))
            }
          }),
        ),
      )
      const all = [...claimed[0], ...claimed[1]]
      expect(all).toHaveLength(400)
      expect(new Set(all).size).toBe(400)
      // Leased rows are not due again until the lease runs out.
      expect(await stores[1].outbox.claim(["webhook"], 10, "late", 60_000)).toEqual([])
    } finally {
      for (const store of stores) await store.close()
      await location.drop()
    }
  }, 30_000)
})
