import { execFileSync } from "node:child_process"
import { entryArgs } from "../bundle/entries"
import { openStore } from "../store"
import type { NewRelease } from "../store/releases"
import { DELIVERY_MEMORY_MS } from "../store/releases/push-deliveries"
import { recordRelease } from "../test/releases"
import {
  describeEachStore,
  freshStoreLocation,
  type TestApp,
  testApp,
  testConfig,
} from "../test/stores"
import { createPublisher } from "./publisher"

// Decisions the publisher takes from the release history, on the store's rows (the builds
// themselves, with a stand-in build: publisher.test.ts).

const release = (id: string, startedAt: number, kind: "live" | "preview"): NewRelease => ({
  id,
  kind,
  trigger: kind === "live" ? "webhook" : "admin",
  actor: null,
  started_at: startedAt,
  preview_token: kind === "preview" ? `token-${id}` : null,
})
const finish = (
  status: "ready" | "failed",
  nextDueAt: number | null = null,
  commit: string | null = null,
) => ({
  status,
  commit,
  content_hash: null,
  error: status === "failed" ? "The build failed" : null,
  error_code: status === "failed" ? ("build" as const) : null,
  next_due_at: nextDueAt,
})

// The timer's question: whether a post the live release held back is due and no live build
// has tried since.
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

  beforeAll(async () => {
    t = await testApp(kind)
    // The live release, built at 1,000, held back a post due at 5,000.
    await recordRelease(t.store.releases, release("r-live", 1_000, "live"), finish("ready", 5_000))
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
    await recordRelease(t.store.releases, release("r-preview", 5_100, "preview"), finish("ready"))
    clock = 6_000
    expect(await publisher().scheduledDue()).toBe(true)
  })

  test("not again after a live build started once it was due, even one that failed", async () => {
    await recordRelease(t.store.releases, release("r-failed", 6_100, "live"), finish("failed"))
    clock = 7_000
    expect(await publisher().scheduledDue()).toBe(false)
  })
})

// RELEASES_KEEP is how far back a rollback can go: previews, which a rollback never goes to,
// are counted apart and do not take those places.
describeEachStore("which releases lose their folder", (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await testApp(kind)
  })
  afterAll(async () => {
    await t.close()
  })

  test("past the newest `keep` of each kind, never the live one", async () => {
    const add = async (id: string, at: number, what: "live" | "preview") => {
      await recordRelease(t.store.releases, release(id, at, what), finish("ready"))
    }
    for (const [n, at] of [1_000, 2_000, 3_000].entries()) await add(`r-live-${n + 1}`, at, "live")
    expect(await t.store.releases.switchTo("r-live-3", "test")).toBe(true)
    // Three previews after the last publish, and a failed build (it has no folder to prune).
    for (const [n, at] of [4_000, 5_000, 6_000].entries())
      await add(`r-preview-${n + 1}`, at, "preview")
    await recordRelease(t.store.releases, release("r-failed", 7_000, "live"), finish("failed"))

    expect((await t.store.releases.prunable(2)).sort()).toEqual(["r-live-1", "r-preview-1"])
    // Rolled back to the oldest: it stays, and the two newest live ones are kept beside it.
    expect(await t.store.releases.switchTo("r-live-1", "test")).toBe(true)
    expect((await t.store.releases.prunable(2)).sort()).toEqual(["r-preview-1"])
  })

  test("issue 46 finding 6: never the one a rollback from the live one returns to", async () => {
    // Rolled back from r-live-3 to r-live-2: r-live-1, past the newest two, is where the next
    // rollback goes, and stays.
    expect(await t.store.releases.switchTo("r-live-2", "test")).toBe(true)
    expect((await t.store.releases.prunable(2)).sort()).toEqual(["r-preview-1"])
  })
})

// A push acts once per delivery id, and not for a commit that is live or rolled back from.
describeEachStore("what the push webhook remembers", (kind) => {
  let t: TestApp
  let clock = 1_000_000
  beforeAll(async () => {
    t = await testApp(kind, {}, { now: () => clock })
  })
  afterAll(async () => {
    await t.close()
  })

  test("issue 46 finding 6: a delivery id acts once, even asked at once, until 7 days later", async () => {
    const claims = await Promise.all([1, 2, 3].map(() => t.store.pushDeliveries.claim("d-1")))
    expect(claims.filter(Boolean)).toHaveLength(1)
    expect(await t.store.pushDeliveries.claim("d-2")).toBe(true)
    expect(await t.store.pushDeliveries.claim("d-2")).toBe(false)
    clock += DELIVERY_MEMORY_MS
    expect(await t.store.pushDeliveries.forgetOld()).toBe(0)
    clock += 1
    expect(await t.store.pushDeliveries.forgetOld()).toBe(2)
    expect(await t.store.pushDeliveries.claim("d-1")).toBe(true)
  })

  test("issue 46 finding 6: a commit is live or rolled back from, or new", async () => {
    const add = async (id: string, at: number, commit: string) => {
      await recordRelease(t.store.releases, release(id, at, "live"), finish("ready", null, commit))
      expect(await t.store.releases.switchTo(id, "test")).toBe(true)
    }
    await add("r-a", 1_000, "c-a")
    await add("r-b", 2_000, "c-b")
    const seen = (commit: string) => t.store.releases.liveOrRolledBackFrom(commit)
    expect([await seen("c-a"), await seen("c-b"), await seen("c-new")]).toEqual([
      false,
      true,
      false,
    ])
    expect(await t.store.releases.switchTo("r-a", "owner")).toBe(true)
    await t.store.releases.markPruned(["r-b"])
    expect([await seen("c-a"), await seen("c-b"), await seen("c-new")]).toEqual([true, true, false])
  })
})

// The publisher's lock when its holder dies: what was asked is kept, and the build it left is
// marked interrupted by the first instance that finds the lock expired (no app here: its
// watch would act on the rows with the real clock).
describeEachStore("the publisher's lock and the requests that wait for it", (kind) => {
  let location: Awaited<ReturnType<typeof freshStoreLocation>>
  let store: Awaited<ReturnType<typeof openStore>>
  let clock = 10_000
  const asked = { trigger: "admin", actor: "ada" }
  beforeEach(async () => {
    location = await freshStoreLocation(kind)
    store = await openStore({ ...location, now: () => clock })
  })
  afterEach(async () => {
    await store.close()
    await location.drop()
  })

  test("a request made while a live holder builds waits, with who asked and when", async () => {
    expect(await store.releases.lock("a", 3_000, asked)).toEqual({ from: null })
    clock = 11_000
    expect(await store.releases.lock("b", 3_000, asked)).toBeNull()
    expect((await store.releases.lockState()).pending).toEqual({ ...asked, asked_at: 11_000 })
    const listed = execFileSync(process.execPath, [...entryArgs("publish-cli"), "--list"], {
      encoding: "utf8",
      env: {
        ...process.env,
        DATA_DIR: location.dataDir,
        DATABASE_URL: location.databaseUrl ?? "",
        NODE_ENV: "test",
        LOG_LEVEL: "silent",
      },
    })
    expect(listed).toContain("queued: admin by ada at 1970-01-01T00:00:11.000Z")
    // The holder died: the lock is taken from it, and what waited is still there for the taker.
    clock = 13_001
    expect(await store.releases.lock("b", 3_000, null)).toEqual({ from: "a" })
    expect(await store.releases.nextOrUnlock("b", 3_000)).toEqual({ ...asked, asked_at: 11_000 })
    expect(await store.releases.nextOrUnlock("b", 3_000)).toBeNull()
    expect(await store.releases.lockState()).toEqual({ holder: null, heldUntil: 0, pending: null })
  })

  test("a request made just after the holder let go takes the lock instead of waiting for nobody", async () => {
    expect(await store.releases.lock("a", 3_000, null)).toEqual({ from: null })
    expect(await store.releases.nextOrUnlock("a", 3_000)).toBeNull()
    expect(await store.releases.lock("b", 3_000, asked)).toEqual({ from: null })
    expect((await store.releases.lockState()).pending).toBeNull()
  })

  test("the watch marks the dead holder's build interrupted, not the next build", async () => {
    const silent = { info: () => undefined, error: () => undefined }
    const publisher = createPublisher({
      config: testConfig(location, { PUBLISH_LOCK_TTL_SECONDS: "3" }),
      releases: store.releases,
      now: () => clock,
      log: silent,
      serverRoot: process.cwd(),
    })
    expect(await store.releases.lock("dead", 3_000, null)).toEqual({ from: null })
    await store.releases.create(release("r-dead", clock, "live"))
    clock += 2_999
    expect(await publisher.recover()).toBe(false)
    expect((await store.releases.get("r-dead"))!.status).toBe("building")
    clock += 2
    expect(await publisher.recover()).toBe(true)
    expect(await store.releases.get("r-dead")).toMatchObject({
      status: "failed",
      error_code: "interrupted",
      finished_at: clock,
    })
    // Nothing waited: the lock is free again, and the watch has nothing more to do.
    expect((await store.releases.lockState()).holder).toBeNull()
    expect(await publisher.recover()).toBe(false)
  })
})
