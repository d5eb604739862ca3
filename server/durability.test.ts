import { type ChildProcess, spawn } from "node:child_process"
import fs from "node:fs"
import http from "node:http"
import net from "node:net"
import os from "node:os"
import path from "node:path"
import { ADMIN_PASSWORD } from "./test/stores"

const ROOT = path.resolve(__dirname, "..")
const N = 300

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })

/**
 * The real server process. Node itself with tsx's loader, not the tsx command: that one is
 * a wrapper process, and a SIGKILL would kill the wrapper and leave the server running.
 */
async function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), ADMIN_PASSWORD, CONTACT_RATE_LIMIT: "0", LOG_LEVEL: "warn", PUBLIC_DIR: path.join(dataDir, "none"), DATABASE_URL: "" },
    stdio: "ignore",
  })
  for (const start = Date.now(); Date.now() - start < 20_000; await new Promise((r) => setTimeout(r, 100))) {
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false)
    if (ok) return child
  }
  child.kill("SIGKILL")
  throw new Error("server did not start")
}

// A few kept-alive connections, as a browser or a proxy would use, rather than 50 new ones at once.
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 })

function post(port: number, body: object): Promise<{ status: number; id: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, path: "/SendMessage", method: "POST", agent, headers: { "content-type": "application/json" } }, (response) => {
      let text = ""
      response.on("data", (chunk) => (text += chunk))
      response.on("end", () => resolve({ status: response.statusCode!, id: JSON.parse(text).id }))
    })
    request.on("error", reject)
    request.end(JSON.stringify(body))
  })
}

describe("durability", () => {
  afterAll(() => agent.destroy())
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "durability-"))
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

  it(`keeps all ${N} acknowledged messages after a SIGKILL`, async () => {
    const port = await freePort()
    const server = await startServer(dataDir, port)
    const acknowledged: string[] = []
    try {
      // Concurrent requests, so that acknowledged messages share group commits.
      for (let batch = 0; batch < N / 50; batch++) {
        const responses = await Promise.all(
          Array.from({ length: 50 }, (_, i) => post(port, { name: `Sender ${batch}-${i}`, Email: "s@example.com", Message: "durable?" })),
        )
        for (const response of responses) {
          expect(response.status).toBe(201)
          acknowledged.push(response.id)
        }
      }
    } finally {
      server.kill("SIGKILL")
      await new Promise((resolve) => server.once("exit", resolve))
    }

    const restarted = await startServer(dataDir, port)
    try {
      const login = await fetch(`http://127.0.0.1:${port}/api/admin/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "admin", password: ADMIN_PASSWORD }),
      })
      const cookie = login.headers.get("set-cookie")!.split(";")[0]
      const found = new Set<string>()
      for (let page = 1; found.size < N && page <= N / 100 + 1; page++) {
        const list = (await (await fetch(`http://127.0.0.1:${port}/api/admin/messages?pageSize=100&page=${page}`, { headers: { cookie } })).json()) as { items: { id: string }[] }
        for (const item of list.items) found.add(item.id)
      }
      expect(acknowledged.filter((id) => !found.has(id))).toEqual([])
    } finally {
      restarted.kill("SIGTERM")
      const code = await new Promise((resolve) => restarted.once("exit", resolve))
      // A graceful stop: requests finished, store closed, exit status 0.
      expect(code).toBe(0)
    }
  }, 60_000)
})
