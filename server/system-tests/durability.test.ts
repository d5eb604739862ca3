import http from "node:http"
import {
  contactMessage,
  postMessage,
  type ServerProcess,
  startServer,
  storedMessages,
} from "../test/server-process"
import { describeEachStore, freshStoreLocation } from "../test/stores"

// Acknowledged messages before the kill. The senders keep sending until the process is
// gone, so the kill always finds requests in flight.
const ACKNOWLEDGED_BEFORE_KILL = 200
const CONCURRENCY = 16

const refused = (error: unknown) => (error as NodeJS.ErrnoException).code === "ECONNREFUSED"

describeEachStore("durability", (kind) => {
  it(`keeps every acknowledged message, once, after a SIGKILL in the middle of a burst`, async () => {
    const location = await freshStoreLocation(kind)
    const env = { DATA_DIR: location.dataDir, DATABASE_URL: location.databaseUrl ?? "" }
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY })
    let server: ServerProcess | undefined
    let dead = false
    try {
      server = await startServer(env)
      const port = server.port
      const acknowledged = new Map<string, string>() // id -> name
      const unexpected: string[] = []
      let sent = 0
      let cutOff = 0

      // Concurrent senders, so that acknowledged messages share group commits and some
      // commits are under way when the process dies.
      const sender = async () => {
        while (!dead) {
          const name = `Sender ${sent++}`
          try {
            const answer = await postMessage(port, contactMessage(name), agent)
            if (answer.status === 201) acknowledged.set(answer.body.id, name)
            else unexpected.push(`${answer.status} ${JSON.stringify(answer.body)}`)
          } catch (error) {
            // Refused: sent after the process was gone. Anything else: in flight when it died.
            if (!refused(error)) cutOff++
          }
        }
      }
      const senders = Array.from({ length: CONCURRENCY }, sender)
      for (
        const start = Date.now();
        acknowledged.size < ACKNOWLEDGED_BEFORE_KILL && server.child.exitCode === null;
        await new Promise((r) => setTimeout(r, 2))
      ) {
        if (Date.now() - start > 30_000)
          throw new Error(`only ${acknowledged.size} messages acknowledged in 30 s`)
      }
      const exit = await server.kill("SIGKILL")
      dead = true
      await Promise.all(senders)
      agent.destroy()

      expect(exit.signal).toBe("SIGKILL")
      expect(unexpected).toEqual([])
      // The kill came with requests in flight, and it reached the server itself: nothing answers any more.
      expect(cutOff).toBeGreaterThan(0)
      expect(
        await fetch(`${server.base}/healthz`).then(
          () => "answered",
          () => "refused",
        ),
      ).toBe("refused")

      const restarted = await startServer(env, server.port)
      try {
        const stored = await storedMessages(restarted.base)
        const storedIds = new Set(stored.map((m) => m.id))
        expect([...acknowledged.keys()].filter((id) => !storedIds.has(id))).toEqual([])
        // Each request stored at most once, and each acknowledged one under its own id.
        expect(stored.length).toBe(new Set(stored.map((m) => m.name)).size)
        expect(stored.length).toBeLessThanOrEqual(sent)
        for (const m of stored)
          if (acknowledged.has(m.id)) expect(m.name).toBe(acknowledged.get(m.id))
        expect(stored.filter((m) => m.status !== "unread")).toEqual([])
      } finally {
        // A graceful stop: requests finished, store closed, exit status 0.
        expect(await restarted.kill("SIGTERM")).toEqual({ code: 0, signal: null })
      }
    } finally {
      dead = true
      agent.destroy()
      await server?.kill("SIGKILL")
      await location.drop()
    }
  }, 60_000)
})
