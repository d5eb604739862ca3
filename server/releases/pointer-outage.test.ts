import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { buildApp } from "../app"
import { type Cluster, ownClusterMissing, startCluster } from "../test/postgres-cluster"
import { recordRelease, writeRelease } from "../test/releases"
import { testConfig } from "../test/stores"

// PostgreSQL restarting while instances follow the live pointer (issue 47): each keeps serving
// the release it has, says so once, and follows the next switch within the usual poll.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const page = (title: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body>${title}</body></html>`
const ids = ["20270101T080000Z-local-00000a", "20270101T090000Z-local-00000b"]
const UNREADABLE = "could not read the live release"

const postgresMissing = ownClusterMissing()

;(postgresMissing ? describe.skip : describe)(
  `the live pointer across a PostgreSQL restart [postgres]${postgresMissing ? ` (skipped: ${postgresMissing})` : ""}`,
  () => {
    let cluster: Cluster
    const releasesDir = fs.mkdtempSync(path.join(os.tmpdir(), "pointer-outage-"))
    const apps: Awaited<ReturnType<typeof buildApp>>[] = []
    const lines: string[][] = [[], []]

    beforeAll(async () => {
      const started = await startCluster()
      if (typeof started === "string") throw new Error(started)
      cluster = started
      for (const id of ids) writeRelease(releasesDir, id, { "index.html": page(id) })
      // One DATA_DIR: the instances share its TOTP key file, as on one machine.
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pointer-outage-data-"))
      for (const n of [0, 1]) {
        const config = testConfig(
          { dataDir, databaseUrl: cluster.url },
          { RELEASES_DIR: releasesDir, LOG_LEVEL: "info", PUBLISH_SCHEDULE: "off" },
        )
        const logStream = { write: (line: string) => void lines[n].push(line) }
        apps.push(await buildApp(config, { logger: true, logStream }))
      }
    }, 60_000)
    afterAll(async () => {
      await Promise.all(apps.map(({ app }) => app.close().catch(() => undefined)))
      try {
        cluster?.stop()
      } catch {
        // Already halted by a failed test; the folders are removed all the same.
      }
      fs.rmSync(releasesDir, { recursive: true, force: true })
    })

    const served = async () =>
      Promise.all(apps.map(async ({ app }) => (await app.inject({ url: "/" })).body))
    const bothServe = async (id: string) => (await served()).every((body) => body.includes(id))
    async function waitUntil(what: string, condition: () => Promise<boolean>, ms: number) {
      const start = Date.now()
      while (!(await condition())) {
        if (Date.now() - start > ms) throw new Error(`timed out after ${ms} ms waiting for ${what}`)
        await sleep(50)
      }
      return Date.now() - start
    }

    it("keeps serving the release it has, logs the outage once, and follows the next switch", async () => {
      const { store } = apps[0]
      for (const [n, id] of ids.entries())
        await recordRelease(store.releases, {
          id,
          kind: "live",
          trigger: "command",
          actor: null,
          started_at: n + 1,
          preview_token: null,
        })
      await store.releases.switchTo(ids[0], "test")
      await waitUntil("the first release on both", () => bothServe(ids[0]), 10_000)

      await cluster.halt("fast")
      // Several polls of each instance fail meanwhile: every page is still the release it has.
      for (let i = 0; i < 8; i++) {
        expect(await bothServe(ids[0])).toBe(true)
        await sleep(250)
      }
      await cluster.resume()
      // The switch is made as soon as the store takes writes again; a timeout says what the
      // store answered last.
      let lastError: unknown = null
      await waitUntil(
        "a switch after the restart",
        () =>
          store.releases.switchTo(ids[1], "test").catch((error: unknown) => {
            lastError = error
            return false
          }),
        20_000,
      ).catch((timeout: Error) => {
        throw new Error(`${timeout.message}; the last refusal: ${String(lastError)}`)
      })
      const followed = await waitUntil("the second release on both", () => bothServe(ids[1]), 5_000)
      expect(followed).toBeLessThan(1_500)

      for (const instance of lines) {
        const said = instance.filter((line) => line.includes(UNREADABLE))
        expect(said).toHaveLength(1)
        expect(instance.some((line) => line.includes("live release readable again"))).toBe(true)
      }
    }, 90_000)
  },
)
