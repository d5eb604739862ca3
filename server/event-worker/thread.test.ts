import net from "node:net"
import { visitorKey } from "../audience/visitor-key"
import { ConfigError, loadConfig } from "../config"
import { freePort, spawnServer, startServer } from "../test/server-process"
import { describeEachStore, freshStoreLocation, testConfig, withRaw } from "../test/stores"
import { BROWSER_USER_AGENT } from "../test/user-agents"
import { type IngestThread, startIngestThread } from "./thread"

// EVENT_PORT: POST /api/event served by a thread of its own, on its own store connection.

const view = (path: string) => ({ kind: "view", path, language: "de", width: "mobile" })
const silent = { warn: () => {} }

const post = (port: number, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`http://127.0.0.1:${port}/api/event`, {
    method: "POST",
    headers: { "content-type": "application/json", "user-agent": BROWSER_USER_AGENT, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  })

describeEachStore("the event port's thread", (kind) => {
  let location: Awaited<ReturnType<typeof freshStoreLocation>>
  let thread: IngestThread
  let closed = false
  const rows = () =>
    withRaw(location, (db) =>
      db.selectFrom("audience_events").selectAll().orderBy("path").execute(),
    )
  const salts = () =>
    withRaw(location, (db) => db.selectFrom("audience_salts").selectAll().execute())

  beforeAll(async () => {
    location = await freshStoreLocation(kind)
    const config = testConfig(location, {
      EVENT_PORT: "0",
      HOST: "127.0.0.1",
      EVENT_RATE_LIMIT: "0",
    })
    thread = await startIngestThread(config, silent)
  })
  afterAll(async () => {
    if (!closed) await thread.close()
    await location.drop()
  })

  it("refuses what the app's port refuses, with the same answers, and stores nothing of it", async () => {
    const invalid = await post(thread.port, { events: [{ kind: "view" }] })
    expect(invalid.status).toBe(400)
    expect(await invalid.json()).toMatchObject({ error: "invalid_body" })
    const notJson = await post(thread.port, "x", { "content-type": "text/plain" })
    expect(notJson.status).toBe(415)
    const tooBig = await post(thread.port, { events: [view(`/${"a".repeat(4_000)}`)] })
    expect(tooBig.status).toBe(413)
    const elsewhere = await fetch(`http://127.0.0.1:${thread.port}/SendMessage`, { method: "POST" })
    expect(elsewhere.status).toBe(404)
    expect(await elsewhere.json()).toMatchObject({ error: "not_found" })
    // Answered 202 like any post, and not counted: a crawler, a browser asking not to be.
    expect(
      (await post(thread.port, { events: [view("/bot")] }, { "user-agent": "Googlebot/2.1" }))
        .status,
    ).toBe(202)
    expect((await post(thread.port, { events: [view("/gpc")] }, { "sec-gpc": "1" })).status).toBe(
      202,
    )
    expect(invalid.headers.get("x-content-type-options")).toBe("nosniff")
  })

  it("takes posts in parallel, each event stored once under the day's key, the last ones written at close", async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        post(thread.port, { events: [view(`/p${i}`), view(`/q${i}`)] }).then((r) => r.status),
      ),
    )
    expect(answers).toEqual(Array(60).fill(202))
    await thread.close()
    closed = true
    const stored = await rows()
    expect(stored).toHaveLength(120)
    expect(new Set(stored.map((row) => row.path)).size).toBe(120)
    expect(stored.some((row) => row.path === "/bot" || row.path === "/gpc")).toBe(false)
    const [salt] = await salts()
    expect(new Set(stored.map((row) => row.visitor))).toEqual(
      new Set([visitorKey(salt.salt, "127.0.0.1", BROWSER_USER_AGENT, "127.0.0.1")]),
    )
    expect(thread.counts()).toMatchObject({ stored: 120, dropped: 0, failed: 0 })
  })
})

describe("EVENT_PORT", () => {
  it("is a port number, or absent", () => {
    expect(loadConfig({ EVENT_PORT: "8001" }).eventPort).toBe(8001)
    expect(loadConfig({}).eventPort).toBeNull()
    expect(() => loadConfig({ EVENT_PORT: "http" })).toThrow(ConfigError)
    expect(() => loadConfig({ EVENT_PORT: "70000" })).toThrow(/EVENT_PORT/)
  })

  it("a server with it takes events on that port and, on SIGTERM under load, stores every event it answered 202", async () => {
    const location = await freshStoreLocation("sqlite")
    const eventPort = await freePort()
    const server = await startServer({
      DATA_DIR: location.dataDir,
      EVENT_PORT: String(eventPort),
      EVENT_RATE_LIMIT: "0",
    })
    try {
      // Listening before the app's port (main.ts): taken at once, once the server is up.
      expect((await post(eventPort, { events: [view("/first")] })).status).toBe(202)
      let accepted = 1
      let sending = true
      const senders = Array.from({ length: 8 }, async () => {
        while (sending) {
          const status = await post(eventPort, { events: [view("/a"), view("/b")] }).then(
            (r) => r.status,
            () => 0,
          )
          if (status === 202) accepted += 2
          else sending = false
        }
      })
      await new Promise((resolve) => setTimeout(resolve, 500))
      const exit = await server.kill("SIGTERM")
      sending = false
      await Promise.all(senders)
      expect(exit.code).toBe(0)
      const stored = await withRaw(location, (db) =>
        db
          .selectFrom("audience_events")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow(),
      )
      expect(accepted).toBeGreaterThan(20)
      expect(Number(stored.n)).toBe(accepted)
    } finally {
      if (server.child.exitCode === null) await server.kill("SIGKILL")
      await location.drop()
    }
  }, 60_000)

  it("already taken, it stops the start with the reason, before the site's port opens", async () => {
    const location = await freshStoreLocation("sqlite")
    const taken = net.createServer()
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve))
    const eventPort = (taken.address() as net.AddressInfo).port
    const port = await freePort()
    const server = spawnServer(
      // At info, Fastify would log "Server listening at" had the site's port opened.
      { DATA_DIR: location.dataDir, EVENT_PORT: String(eventPort), LOG_LEVEL: "info" },
      port,
    )
    try {
      expect(await server.exited).toEqual({ code: 1, signal: null })
      expect(server.stderr()).toContain(`EVENT_PORT ${eventPort}`)
      expect(server.stderr()).toMatch(/EADDRINUSE/)
      // Nothing listened on the site's port meanwhile: a balancer never saw it up.
      expect(server.stdout()).not.toMatch(/Server listening/)
    } finally {
      taken.close()
      await location.drop()
    }
  }, 60_000)
})
