import fs from "node:fs"
import path from "node:path"
import { sql } from "kysely"
import pg from "pg"
import { describeEachStore, freshStoreLocation, type TestApp, testApp } from "../test/stores"
import { openDatabase, SQLITE_FILE } from "./database"
import { NO_SOURCE } from "./messages"
import { deleteInBatches } from "./query-helpers"
import { openStore } from "."

const DAY_MS = 86_400_000
const message = (name: string, text = "Hello") => ({
  name,
  email: "old@example.com",
  company: null,
  phone: null,
  message: text,
  language: "fr" as const,
  page: "/contact",
  spamReason: null,
  source: NO_SOURCE,
})

describe("deleteInBatches", () => {
  it("repeats a batch until one deletes fewer than the limit", async () => {
    let left = 2500
    const sizes: number[] = []
    const total = await deleteInBatches(async (limit) => {
      const n = Math.min(limit, left)
      left -= n
      sizes.push(n)
      return { numDeletedRows: BigInt(n) }
    })
    expect([total, sizes]).toEqual([2500, [1000, 1000, 500]])
  })
})

describeEachStore("housekeeping in the store", (kind) => {
  let t: TestApp
  let clock = Date.parse("2024-01-15T10:00:00Z")
  beforeAll(async () => {
    t = await testApp(kind, {}, { now: () => clock })
  })
  afterAll(() => t.close())

  it("purges more rows than one batch holds, and erasure records after 36 months", async () => {
    await Promise.all(
      Array.from({ length: 2300 }, (_, i) => t.store.messages.create(message(`Old ${i}`))),
    )
    await t.store.privacy.erase("someone@example.com", "admin")
    clock += 25 * 31 * DAY_MS
    await t.store.messages.create(message("Recent"))
    expect(await t.store.privacy.purge(24)).toMatchObject({ messages: 2300, erasures: 0 })
    expect(
      (await t.store.messages.list({}, { offset: 0, limit: 10 })).items.map((m) => m.name),
    ).toEqual(["Recent"])
    expect((await t.store.privacy.erasures({ offset: 0, limit: 10 })).total).toBe(1)
    clock += 12 * 31 * DAY_MS
    expect(await t.store.privacy.purge(24)).toMatchObject({ erasures: 1 })
    expect((await t.store.privacy.erasures({ offset: 0, limit: 10 })).total).toBe(0)
  }, 30_000)

  it("lets one claim per period win", async () => {
    const period = 60_000
    expect(await t.store.periodicRuns.claim("job", period, "a")).toBe(true)
    expect(await t.store.periodicRuns.claim("job", period, "b")).toBe(false)
    clock += period - 1
    expect(await t.store.periodicRuns.claim("job", period, "b")).toBe(false)
    clock += 1
    const claims = await Promise.all(
      ["a", "b", "c"].map((instance) => t.store.periodicRuns.claim("job", period, instance)),
    )
    expect(claims.filter(Boolean)).toHaveLength(1)
    expect(await t.store.periodicRuns.get("job")).toMatchObject({ runs: 2, lastRunAt: clock })
  })
})

describe("SQLite maintenance [sqlite]", () => {
  it("gives back the space purges freed once it is a fifth of the file", async () => {
    let clock = Date.parse("2024-01-15T10:00:00Z")
    const t = await testApp("sqlite", {}, { now: () => clock })
    try {
      const file = path.join(t.config.dataDir, SQLITE_FILE)
      await Promise.all(
        Array.from({ length: 1500 }, (_, i) =>
          t.store.messages.create(message(`Big ${i}`, "x".repeat(9000))),
        ),
      )
      expect(await t.store.maintain()).toEqual({ vacuumed: false })
      const full = fs.statSync(file).size
      clock += 25 * 31 * DAY_MS
      await t.store.privacy.purge(24)
      expect(await t.store.maintain()).toEqual({ vacuumed: true })
      expect(fs.statSync(file).size).toBeLessThan(full / 5)
    } finally {
      await t.close()
    }
  }, 30_000)
})

const postgres = process.env.TEST_DATABASE_URL
;(postgres ? describe : describe.skip)("migrations on PostgreSQL [postgres]", () => {
  it("wait for the migration lock longer than the statement timeout, which still bounds queries", async () => {
    const location = await freshStoreLocation("postgres")
    const holder = new pg.Client({ connectionString: location.databaseUrl! })
    await holder.connect()
    try {
      // Kysely's migration lock, as another instance migrating holds it.
      await holder.query("select pg_advisory_lock(3853314791062309107)")
      const start = Date.now()
      const opening = openStore({
        databaseUrl: location.databaseUrl,
        dataDir: location.dataDir,
        now: Date.now,
        statementTimeoutMs: 200,
      })
      await new Promise((resolve) => setTimeout(resolve, 1000))
      await holder.query("select pg_advisory_unlock(3853314791062309107)")
      const store = await opening
      try {
        expect(Date.now() - start).toBeGreaterThanOrEqual(1000)
        expect(await store.admins.count()).toBe(0)
        await expect(store.ping()).resolves.toBeDefined()
      } finally {
        await store.close()
      }
      const { db } = openDatabase({
        databaseUrl: location.databaseUrl,
        dataDir: location.dataDir,
        statementTimeoutMs: 200,
      })
      await expect(sql`select pg_sleep(0.5)`.execute(db)).rejects.toMatchObject({ code: "57014" })
      await db.destroy()
    } finally {
      await holder.end()
      await location.drop()
    }
  }, 30_000)
})
