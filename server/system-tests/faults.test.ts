import { execFileSync } from "node:child_process"
import fs from "node:fs"
import http from "node:http"
import os from "node:os"
import path from "node:path"
import { type Cluster, ownClusterMissing, startCluster } from "../test/postgres-cluster"
import {
  type Answer,
  contactMessage,
  postMessage,
  type ServerProcess,
  spawnServer,
  startServer,
} from "../test/server-process"

// Faults the server must survive or report clearly. The SIGKILL test is server/system-tests/durability.test.ts.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function waitFor(
  what: string,
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
) {
  for (const start = Date.now(); !(await condition()); await sleep(50)) {
    if (Date.now() - start > timeoutMs)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
  }
}

const health = (base: string) =>
  fetch(`${base}/readyz`, { signal: AbortSignal.timeout(10_000) }).then(async (r) => ({
    status: r.status,
    body: await r.json(),
  }))

const postgresMissing = ownClusterMissing()

;(postgresMissing ? describe.skip : describe)(
  `PostgreSQL stopped during traffic [postgres]${postgresMissing ? ` (skipped: ${postgresMissing})` : ""}`,
  () => {
    let cluster: Cluster
    let server: ServerProcess | undefined
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "faults-pg-"))

    beforeAll(async () => {
      const started = await startCluster()
      if (typeof started === "string") throw new Error(started)
      cluster = started
    }, 60_000)
    afterAll(async () => {
      await server?.kill("SIGKILL")
      try {
        cluster?.stop()
      } catch {
        // Already halted by a failed test; the data folder is removed all the same.
      }
      fs.rmSync(dataDir, { recursive: true, force: true })
    })

    it.each(["immediate", "fast"] as const)(
      "answers 503 store_unavailable while it is down (pg_ctl stop -m %s), and recovers by itself",
      async (mode) => {
        server ??= await startServer({ DATA_DIR: dataDir, DATABASE_URL: cluster.url })
        const { base, port } = server
        const agent = new http.Agent({ keepAlive: true, maxSockets: 4 })
        const answers: (Answer & { phase: string })[] = []
        const failures: string[] = []
        let phase = "up"
        let stop = false
        const sender = async (worker: number) => {
          for (let i = 0; !stop; i++) {
            const sentIn = phase
            try {
              answers.push({
                ...(await postMessage(
                  port,
                  contactMessage(`${mode} ${worker}-${i}`),
                  agent,
                  15_000,
                )),
                phase: sentIn,
              })
            } catch (error) {
              // A crash (connection refused or cut) or a hang (timeout): both fail the test.
              failures.push(`${sentIn}: ${error instanceof Error ? error.message : String(error)}`)
              await sleep(100)
            }
            await sleep(10)
          }
        }
        const count = (status: number, since = 0) =>
          answers.slice(since).filter((a) => a.status === status).length
        const senders = [0, 1, 2, 3].map(sender)
        try {
          await waitFor("messages stored before the outage", () => count(201) >= 10, 15_000)

          phase = "stopping"
          await cluster.halt(mode)
          phase = "down"
          const downFrom = answers.length
          await waitFor("503 answers during the outage", () => count(503, downFrom) >= 10, 20_000)
          const down = await health(base)
          expect(down.status).toBe(503)
          expect(down.body).toEqual({ error: "store_unavailable", message: expect.any(String) })

          phase = "starting"
          await cluster.resume()
          phase = "back"
          // No restart of the server: the pool opens new connections on its own.
          await waitFor(
            "readyz 200 after PostgreSQL is back",
            async () => (await health(base)).status === 200,
            20_000,
          )
          const backFrom = answers.length
          await waitFor("messages stored again", () => count(201, backFrom) >= 10, 20_000)
        } finally {
          stop = true
          await Promise.all(senders)
          agent.destroy()
        }

        expect(failures).toEqual([])
        expect(server.child.exitCode).toBeNull()
        // Only "stored" and "unavailable", never a 500; every error in the error shape; none held for long.
        expect(
          answers
            .filter((a) => a.status !== 201 && a.status !== 503)
            .map((a) => `${a.phase}: ${a.status} ${JSON.stringify(a.body)}`),
        ).toEqual([])
        for (const a of answers.filter((a) => a.status === 503))
          expect(a.body).toEqual({ error: "store_unavailable", message: expect.any(String) })
        expect(answers.filter((a) => a.phase === "down" && a.status === 201)).toEqual([])
        expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(10_000)
      },
      60_000,
    )

    it("stops gracefully afterwards", async () => {
      expect(server).toBeDefined()
      expect(await server!.kill("SIGTERM")).toEqual({ code: 0, signal: null })
      server = undefined
    }, 20_000)
  },
)

/**
 * A data folder that cannot take the database: a read-only mount, or a tiny full one. Root
 * writes through chmod 555, so as root the folders are tmpfs mounts; without the right to
 * mount (a container without CAP_SYS_ADMIN), a non-root user gets a chmod 555 folder and
 * root gets a skipped test that says why.
 */
interface BadFolder {
  dir: string
  reason: RegExp
  cleanup(): void
}

function tmpfs(options: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "faults-data-"))
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", options, "tmpfs", dir], { stdio: "pipe" })
  } catch (error) {
    fs.rmdirSync(dir)
    throw new Error(
      `cannot mount a tmpfs (${String((error as { stderr?: Buffer }).stderr ?? error).trim()})`,
    )
  }
  return dir
}

const unmount = (dir: string) => {
  execFileSync("umount", [dir])
  fs.rmdirSync(dir)
}

/** Why the folders cannot be made here, or null. Decided while the tests are defined, so a skip says why. */
function mountProblem(): string | null {
  if (process.getuid?.() !== 0) return "not root: mounting a tmpfs needs root"
  try {
    unmount(tmpfs("ro,size=4k"))
    return null
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
}
const cannotMount = mountProblem()

const folders: Record<string, () => BadFolder | string> = {
  "read-only": () => {
    if (cannotMount === null) {
      const dir = tmpfs("ro,size=1m")
      return { dir, reason: /read-only file system/, cleanup: () => unmount(dir) }
    }
    if (process.getuid?.() === 0) return `root writes through chmod 555, and ${cannotMount}`
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "faults-data-"))
    fs.chmodSync(dir, 0o555)
    return {
      dir,
      reason: /permission denied/,
      cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
    }
  },
  full: () => {
    if (cannotMount !== null) return `a full folder needs a tmpfs mount: ${cannotMount}`
    const dir = tmpfs("size=64k")
    try {
      // Writes until ENOSPC: the folder is left full.
      execFileSync("dd", ["if=/dev/zero", `of=${path.join(dir, "filler")}`, "bs=4k"], {
        stdio: "pipe",
      })
    } catch {
      // dd ends with "No space left on device", as meant.
    }
    return { dir, reason: /the disk is full/, cleanup: () => unmount(dir) }
  },
}

describe("a data folder the store cannot use", () => {
  for (const [kind, make] of Object.entries(folders)) {
    const skip = kind === "full" || process.getuid?.() === 0 ? cannotMount : null
    if (skip !== null) {
      it.skip(`${kind} DATA_DIR (skipped: ${make() as string})`, () => {})
      continue
    }
    // Concurrently: most of the time is Node and tsx starting up.
    it.concurrent(
      `${kind} DATA_DIR: the server exits non-zero at startup with the folder and the reason, no stack trace`,
      async () => {
        const folder = make() as BadFolder
        try {
          const server = spawnServer({ DATA_DIR: folder.dir }, 0)
          const timer = setTimeout(() => server.child.kill("SIGKILL"), 20_000)
          const exit = await server.exited
          clearTimeout(timer)
          const stderr = server.stderr()
          expect(exit).toEqual({ code: 1, signal: null })
          expect(stderr).toContain(`DATA_DIR ${folder.dir}`)
          expect(stderr).toMatch(folder.reason)
          expect(stderr).not.toMatch(/^\s+at /m)
          expect(stderr.trim().split("\n")).toHaveLength(1)
        } finally {
          folder.cleanup()
        }
      },
      30_000,
    )
  }
})
