import { openStore } from "../store"
import { describeEachStore, freshStoreLocation } from "../test/stores"

describeEachStore("outbox claim", (kind) => {
  it("takes at most `limit` rows", async () => {
    const location = await freshStoreLocation(kind)
    const store = await openStore({
      databaseUrl: location.databaseUrl,
      dataDir: location.dataDir,
      now: Date.now,
    })
    try {
      await store.outbox.enqueue(
        Array.from({ length: 30 }, () => ({
          kind: "webhook" as const,
          target: "https://example.com/hook",
        })),
      )
      expect(await store.outbox.claim(["webhook"], 20, "w", 60_000)).toHaveLength(20)
      expect(await store.outbox.claim(["webhook"], 20, "w", 60_000)).toHaveLength(10)
    } finally {
      await store.close()
      await location.drop()
    }
  })
})
