import fs from "node:fs"
import http from "node:http"
import os from "node:os"
import path from "node:path"
import { contactMessage, postMessage, startServer, storedMessages } from "../test/server-process"
import { describeEachStore, freshStoreLocation } from "../test/stores"

// SIGTERM as a load balancer sees it: /readyz turns 503 at once, requests keep being
// served for the drain window, then the process stops accepting, finishes what is in
// flight, commits what is queued and exits 0.

const DRAIN_MS = 1500
const POLL_MS = 50
const CONCURRENCY = 8
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A POST whose body arrives in two parts, `pauseMs` apart, on a kept-alive connection: a
 * request in flight across close(), whose connection must not then hold the process open.
 */
function slowPost(port: number, name: string, pauseMs: number) {
  const agent = new http.Agent({ keepAlive: true })
  return new Promise<{ status: number; body: any; connection: string | undefined }>(
    (resolve, reject) => {
      const body = JSON.stringify(contactMessage(name))
      const request = http.request(
        {
          host: "127.0.0.1",
          port,
          path: "/SendMessage",
          method: "POST",
          agent,
          headers: {
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
          },
        },
        (response) => {
          let text = ""
          response.setEncoding("utf8").on("data", (chunk: string) => (text += chunk))
          // The agent keeps the connection for reuse; only the server can close it.
          response.on("end", () => {
            resolve({
              status: response.statusCode!,
              body: JSON.parse(text),
              connection: response.headers.connection,
            })
            setTimeout(() => agent.destroy(), 15_000).unref()
          })
        },
      )
      request.on("error", reject)
      request.write(body.slice(0, 10))
      setTimeout(() => request.end(body.slice(10)), pauseMs)
    },
  )
}

describeEachStore("graceful shutdown", (kind) => {
  it(
    "drains on SIGTERM: readyz 503 at once, no routed " +
      "request lost or reset, in-flight requests finish, exit 0",
    async () => {
      const location = await freshStoreLocation(kind)
      const env = {
        DATA_DIR: location.dataDir,
        DATABASE_URL: location.databaseUrl ?? "",
        SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
        SHUTDOWN_TIMEOUT_MS: "10000",
      }
      const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY })
      const server = await startServer(env)
      try {
        // The balancer polls /readyz; a slow one keeps routing here for most of the drain
        // window, and every request it routes must still be answered.
        let notReadyAt = 0
        let routedUntil = Infinity
        const routed = () => Date.now() < routedUntil
        const poller = (async () => {
          while (notReadyAt === 0) {
            const status = await fetch(`${server.base}/readyz`).then(
              (r) => r.status,
              () => 0,
            )
            if (status !== 200) notReadyAt = Date.now()
            else await sleep(POLL_MS)
          }
        })()

        const acknowledged = new Map<string, string>()
        const failed: string[] = []
        let sent = 0
        const sender = async () => {
          while (routed()) {
            const name = `Drain ${sent++}`
            try {
              const answer = await postMessage(server.port, contactMessage(name), agent)
              if (answer.status === 201) acknowledged.set(answer.body.id, name)
              else failed.push(`${name}: ${answer.status} ${JSON.stringify(answer.body)}`)
            } catch (error) {
              failed.push(`${name}: ${(error as Error).message}`)
            }
          }
        }
        const senders = Array.from({ length: CONCURRENCY }, sender)
        while (acknowledged.size < 100) await sleep(5)

        const termAt = Date.now()
        routedUntil = termAt + DRAIN_MS - 300
        server.child.kill("SIGTERM")
        // Sent during the drain, its body completed after the listener closed.
        const inFlight = sleep(DRAIN_MS - 300).then(() => slowPost(server.port, "In flight", 800))
        await Promise.all([poller, ...senders])
        const late = await inFlight
        const exit = await server.exited
        const exitedAfterMs = Date.now() - termAt
        agent.destroy()

        process.stdout.write(
          `[shutdown ${kind}] ${acknowledged.size} acknowledged of ${sent} sent; not ` +
            `ready after ${notReadyAt - termAt} ms; exit after ${exitedAfterMs} ms\n`,
        )
        expect(failed).toEqual([])
        expect(notReadyAt - termAt).toBeLessThan(DRAIN_MS / 2)
        expect([late.status, late.connection]).toEqual([201, "close"])
        expect(exit).toEqual({ code: 0, signal: null })
        expect(exitedAfterMs).toBeGreaterThanOrEqual(DRAIN_MS)

        const restarted = await startServer(env, server.port)
        try {
          const stored = new Map((await storedMessages(restarted.base)).map((m) => [m.id, m.name]))
          for (const [id, name] of acknowledged) expect(stored.get(id)).toBe(name)
          expect(stored.get(late.body.id)).toBe("In flight")
        } finally {
          await restarted.kill("SIGTERM")
        }
      } finally {
        agent.destroy()
        await server.kill("SIGKILL")
        await location.drop()
      }
    },
    60_000,
  )
})

describe("stopping [sqlite]", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shutdown-"))
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

  it("exits at once, with status 1, on a second signal during the drain", async () => {
    const server = await startServer({
      DATA_DIR: dataDir,
      SHUTDOWN_DRAIN_MS: "20000",
      SHUTDOWN_TIMEOUT_MS: "30000",
    })
    const start = Date.now()
    server.child.kill("SIGTERM")
    await sleep(300)
    expect(await fetch(`${server.base}/readyz`).then((r) => r.status)).toBe(503)
    expect(await fetch(`${server.base}/healthz`).then((r) => r.status)).toBe(200)
    server.child.kill("SIGTERM")
    expect(await server.exited).toEqual({ code: 1, signal: null })
    expect(Date.now() - start).toBeLessThan(5_000)
  }, 30_000)

  it("gives up after SHUTDOWN_TIMEOUT_MS when a request never ends", async () => {
    const server = await startServer({
      DATA_DIR: dataDir,
      SHUTDOWN_DRAIN_MS: "0",
      SHUTDOWN_TIMEOUT_MS: "1000",
    })
    const stuck = http.request({
      host: "127.0.0.1",
      port: server.port,
      path: "/SendMessage",
      method: "POST",
      agent: false,
      headers: { "content-type": "application/json", "content-length": "1000" },
    })
    stuck.on("error", () => {})
    stuck.write("{")
    await sleep(200)
    const start = Date.now()
    server.child.kill("SIGTERM")
    expect(await server.exited).toEqual({ code: 1, signal: null })
    expect(Date.now() - start).toBeGreaterThanOrEqual(900)
    expect(Date.now() - start).toBeLessThan(5_000)
  }, 30_000)
})
