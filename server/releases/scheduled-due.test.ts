import { describeEachStore, type TestApp, testApp } from "../test/stores"
import { createPublisher } from "./publisher"
import type { NewRelease } from "./store"

// The timer's question, on the store's rows: whether a post the live release held back is due
// and no live build has tried since. (The timer itself, with real builds: publisher.test.ts.)
describeEachStore("the scheduled publish's question", (kind) => {
  let t: TestApp
  let clock = 0
  const silent = { info: () => undefined, error: () => undefined }
  const publisher = () =>
    createPublisher({
      config: t.config,
      releases: t.store.releases,
      now: () => clock,
      log: silent,
      serverRoot: process.cwd(),
    })
  const release = (id: string, startedAt: number, kind: "live" | "preview"): NewRelease => ({
    id,
    kind,
    trigger: kind === "live" ? "webhook" : "admin",
    actor: null,
    started_at: startedAt,
    preview_token: kind === "preview" ? `token-${id}` : null,
  })
  const finish = (status: "ready" | "failed", nextDueAt: number | null = null) => ({
    status,
    commit: null,
    content_hash: null,
    error: status === "failed" ? "The build failed" : null,
    error_code: status === "failed" ? ("build" as const) : null,
    next_due_at: nextDueAt,
  })

  beforeAll(async () => {
    t = await testApp(kind)
    // The live release, built at 1,000, held back a post due at 5,000.
    await t.store.releases.create(release("r-live", 1_000, "live"))
    await t.store.releases.finish("r-live", finish("ready", 5_000))
    expect(await t.store.releases.switchTo("r-live", "test")).toBe(true)
  })
  afterAll(async () => {
    await t.close()
  })

  test("not before the post is due", async () => {
    clock = 4_999
    expect(await publisher().scheduledDue()).toBe(false)
  })

  test("once it is due, even when a preview was built after that moment", async () => {
    clock = 5_200
    expect(await publisher().scheduledDue()).toBe(true)
    await t.store.releases.create(release("r-preview", 5_100, "preview"))
    await t.store.releases.finish("r-preview", finish("ready"))
    clock = 6_000
    expect(await publisher().scheduledDue()).toBe(true)
  })

  test("not again after a live build started once it was due, even one that failed", async () => {
    await t.store.releases.create(release("r-failed", 6_100, "live"))
    await t.store.releases.finish("r-failed", finish("failed"))
    clock = 7_000
    expect(await publisher().scheduledDue()).toBe(false)
  })
})
