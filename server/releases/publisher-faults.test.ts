import fs from "node:fs"
import path from "node:path"
import type { ReleasesOverview } from "../../contract/releases"
import { contentRepo } from "../test/content-repo"
import { type ServerProcess, startServer } from "../test/server-process"
import {
  ADMIN_PASSWORD,
  describeEachStore,
  freshStoreLocation,
  signIn as signInApp,
  testApp,
} from "../test/stores"
import { waitFor } from "../test/wait-for"
import { watchEveryMs } from "./publisher"

// Instances that stop mid-build, as real server processes on one store: the build they held
// the publisher's lock for, and what was asked meanwhile (docs/OPERATIONS.md §5).

const TTL_S = 3
const WATCH_MS = watchEveryMs(TTL_S * 1000)
/** The fake build and its content check, on a loaded machine. */
const BUILD_MS = 60_000
const METRICS = "a metrics token for the test"
const SPAWN = { entry: "server/test/publishing-server.ts", ownGroup: true }
jest.setTimeout(180_000)

async function signIn(base: string): Promise<string> {
  const login = await fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: ADMIN_PASSWORD }),
  })
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`)
  return login.headers.get("set-cookie")!.split(";")[0]
}

/** A process group's end: the server and the build it runs. */
function signalGroup(server: ServerProcess, signal: NodeJS.Signals): Promise<unknown> {
  try {
    process.kill(-server.child.pid!, signal)
  } catch {
    // already gone
  }
  return server.exited
}

/**
 * Loads a page every 50 ms until stopped: the answers that were not a 200, so a test shows
 * the site served throughout a fault.
 */
function loadThroughout(load: () => Promise<number>) {
  const failed: string[] = []
  let loading = true
  const loop = (async () => {
    while (loading) {
      try {
        const status = await load()
        if (status !== 200) failed.push(String(status))
      } catch (error) {
        failed.push((error as Error).message)
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  })()
  return async () => {
    loading = false
    await loop
    return failed
  }
}

describeEachStore("an instance that stops mid-build", (kind) => {
  let repo: ReturnType<typeof contentRepo>
  let location: Awaited<ReturnType<typeof freshStoreLocation>>
  let servers: ServerProcess[] = []
  /** Present: the build hangs (until its instance stops); absent: it takes a second or two. */
  let slow: string
  /** Written by each build as it starts. */
  let startedFile: string
  let env: { DATA_DIR: string } & Record<string, string>

  beforeEach(async () => {
    repo = contentRepo()
    location = await freshStoreLocation(kind)
    slow = path.join(repo.releasesDir, "..", "slow")
    startedFile = path.join(repo.releasesDir, "..", "build-started")
    fs.writeFileSync(slow, "")
    env = {
      ...repo.env,
      DATA_DIR: location.dataDir,
      ...(location.databaseUrl ? { DATABASE_URL: location.databaseUrl } : {}),
      TEST_SERVER_ROOT: repo.server,
      PUBLISH_SCHEDULE: "off",
      PUBLISH_LOCK_TTL_SECONDS: String(TTL_S),
      METRICS_TOKEN: METRICS,
      PUBLISH_BUILD_COMMAND: `echo $$ > ${startedFile}; if [ -e ${slow} ]; then sleep 300; fi; ${repo.env.PUBLISH_BUILD_COMMAND}`,
    }
    servers = []
  })
  afterEach(async () => {
    await Promise.all(servers.map((server) => signalGroup(server, "SIGKILL")))
    await location.drop()
    repo.remove()
  })

  const start = async () => {
    const server = await startServer(env, undefined, 60_000, SPAWN)
    servers.push(server)
    return { server, cookie: await signIn(server.base) }
  }
  const publish = async (on: { server: ServerProcess; cookie: string }) => {
    const answer = await fetch(`${on.server.base}/api/admin/releases/publish`, {
      method: "POST",
      headers: { cookie: on.cookie },
    })
    expect(answer.status).toBe(202)
    return ((await answer.json()) as { state: string }).state
  }
  const overview = async (on: { server: ServerProcess; cookie: string }) =>
    (await (
      await fetch(`${on.server.base}/api/admin/releases`, { headers: { cookie: on.cookie } })
    ).json()) as ReleasesOverview
  /** The slow build of `a` runs: its shell is `sleep`ing. */
  const buildRunning = () =>
    waitFor(() => fs.existsSync(startedFile), BUILD_MS, "the build to start").then(() => {
      const pid = Number(fs.readFileSync(startedFile, "utf8"))
      fs.rmSync(startedFile)
      return pid
    })
  const alive = (pid: number) => {
    try {
      return fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1][0] !== "Z"
    } catch {
      return false
    }
  }

  /**
   * A first release, built quickly, so that there is a live site to serve through the fault:
   * served by every instance, each of which follows the store's pointer at its next poll.
   */
  async function firstRelease(a: { server: ServerProcess; cookie: string }) {
    fs.rmSync(slow)
    expect(await publish(a)).toBe("started")
    await waitFor(
      async () => {
        const now = await overview(a)
        return now.live !== null && !now.building
      },
      BUILD_MS,
      "the first release",
    )
    for (const server of servers)
      await waitFor(
        async () => (await fetch(`${server.base}/`)).status === 200,
        BUILD_MS,
        `the first release served on port ${server.port}`,
      )
    fs.rmSync(startedFile, { force: true })
    fs.writeFileSync(slow, "")
  }

  /** Polls `b` until the publish queued there is live; answers when each step was seen. */
  async function recovery(b: { server: ServerProcess; cookie: string }, killed: string) {
    let interruptedAt: number | null = null
    let liveAt: number | null = null
    let last: ReleasesOverview | null = null
    await waitFor(
      async () => {
        last = await overview(b)
        const dead = last.releases.find((release) => release.id === killed)
        if (interruptedAt === null && dead?.status === "failed") interruptedAt = Date.now()
        const next = last.releases[0]
        if (next.id !== killed && next.status === "ready" && last.live?.id === next.id)
          liveAt = Date.now()
        return liveAt !== null
      },
      BUILD_MS,
      "the queued publish to go live",
    )
    return { interruptedAt: interruptedAt!, liveAt: liveAt!, list: last! }
  }

  test("killed (SIGKILL to its group): the build fails as interrupted once its lock expires, and a publish queued meanwhile goes live", async () => {
    const a = await start()
    const b = await start()
    await firstRelease(a)
    expect(await publish(a)).toBe("started")
    const shell = await buildRunning()
    const killed = (await overview(b)).releases[0]
    expect(killed.status).toBe("building")

    const pageLoads = loadThroughout(async () => (await fetch(`${b.server.base}/`)).status)
    const killedAt = Date.now()
    await signalGroup(a.server, "SIGKILL")
    fs.rmSync(slow)
    // The lock still looks held: the publish waits for the dead instance's build...
    expect(await publish(b)).toBe("queued")
    const waiting = await overview(b)
    expect(waiting.queued).toEqual({
      trigger: "admin",
      actor: "admin",
      askedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
    expect(waiting.building).toBe(true)

    // ...and is built once the lock has expired, with PUBLISH_SCHEDULE=off.
    const { interruptedAt, liveAt, list } = await recovery(b, killed.id)
    const dead = list.releases.find((release) => release.id === killed.id)!
    expect(dead).toMatchObject({ status: "failed", errorCode: "interrupted" })
    expect(await pageLoads()).toEqual([])
    expect(interruptedAt).toBeLessThanOrEqual(liveAt)
    // The lock's TTL and one period of the watch, and the poll's and a loaded machine's slack.
    expect(interruptedAt - killedAt).toBeLessThan(TTL_S * 1000 + WATCH_MS + 3_000)
    expect(list.releases[0]).toMatchObject({ trigger: "admin", status: "ready" })
    expect(list.queued).toBeNull()
    expect(alive(shell)).toBe(false)
    const metrics = await fetch(`${b.server.base}/metrics`, {
      headers: { authorization: `Bearer ${METRICS}` },
    })
    expect(await metrics.text()).toMatch(/release_builds_interrupted_total 1/)
    process.stdout.write(
      `[${kind}] SIGKILL: interrupted after ${interruptedAt - killedAt} ms, ` +
        `the queued publish live after ${liveAt - killedAt} ms\n`,
    )
  })

  test("stopped (SIGTERM to its group): the build ends with it, fails as interrupted, and a publish queued meanwhile runs on the next instance", async () => {
    const a = await start()
    const b = await start()
    await firstRelease(a)
    expect(await publish(a)).toBe("started")
    const shell = await buildRunning()
    const killed = (await overview(b)).releases[0]
    expect(await publish(b)).toBe("queued")

    fs.rmSync(slow)
    const pageLoads = loadThroughout(async () => (await fetch(`${b.server.base}/`)).status)
    const stoppedAt = Date.now()
    expect(await signalGroup(a.server, "SIGTERM")).toEqual({ code: 0, signal: null })
    const endedAt = Date.now()
    // Marked by the instance itself before it ended, not when its lock expires.
    const right = (await overview(b)).releases.find((release) => release.id === killed.id)!
    expect(right).toMatchObject({ status: "failed", errorCode: "interrupted" })
    expect(alive(shell)).toBe(false)

    const { liveAt, list } = await recovery(b, killed.id)
    expect(list.releases[0]).toMatchObject({ trigger: "admin", status: "ready" })
    expect(await pageLoads()).toEqual([])
    process.stdout.write(
      `[${kind}] SIGTERM: stopped in ${endedAt - stoppedAt} ms, ` +
        `the queued publish live after ${liveAt - stoppedAt} ms\n`,
    )
  })
})

// What a build killed mid-git leaves in the workspace: the next build repairs it.
describe("a workspace damaged by a stopped build", () => {
  test("stale lock files are removed and a workspace git fails in is cloned again", async () => {
    const repo = contentRepo()
    const t = await testApp("sqlite", repo.env, {
      serverRoot: repo.server,
      scheduleEveryMs: 3_600_000,
    })
    try {
      const cookie = await signInApp(t.app)
      const publishOnce = async (count: number) => {
        await t.app.inject({
          method: "POST",
          url: "/api/admin/releases/publish",
          headers: { cookie },
        })
        let list: ReleasesOverview | null = null
        await waitFor(
          async () => {
            list = (await t.app.inject({ url: "/api/admin/releases", headers: { cookie } })).json()
            return !list!.building && list!.releases.length === count
          },
          BUILD_MS,
          `release ${count}`,
        )
        const [release] = list!.releases
        const log = await t.app.inject({
          url: `/api/admin/releases/${release.id}/log`,
          headers: { cookie },
        })
        return { release, log: (log.json() as { log: string }).log }
      }
      expect((await publishOnce(1)).release.status).toBe("ready")
      await waitFor(
        async () => (await t.app.inject({ url: "/" })).statusCode === 200,
        5_000,
        "live",
      )
      const pageLoads = loadThroughout(async () => (await t.app.inject({ url: "/" })).statusCode)
      const gitDir = path.join(repo.releasesDir, "workspace", ".git")
      // A checkout and a fetch killed half-way.
      fs.writeFileSync(path.join(gitDir, "index.lock"), "")
      fs.writeFileSync(path.join(gitDir, "refs", "heads", "main.lock"), "")
      const afterLocks = await publishOnce(2)
      expect(afterLocks.release.status).toBe("ready")
      expect(afterLocks.log).toContain("removed index.lock")
      // Broken beyond lock files: its HEAD no longer names anything.
      fs.writeFileSync(path.join(gitDir, "HEAD"), "garbage\n")
      const recloned = await publishOnce(3)
      expect(recloned.release.status).toBe("ready")
      expect(recloned.log).toContain("cloning it again")
      expect(await pageLoads()).toEqual([])
    } finally {
      await t.close()
      repo.remove()
    }
  })
})
