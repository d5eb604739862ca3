import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { startServer } from "../test/server-process"

// What journald receives: JSON lines on stdout, and the one secret the server ever prints
// (the generated first password) only on stderr.

describe("process output [sqlite]", () => {
  it("writes logs as JSON lines on stdout and the generated admin password only to stderr", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "logs-"))
    const server = await startServer({ DATA_DIR: dataDir, ADMIN_PASSWORD: "", LOG_LEVEL: "info" })
    try {
      await fetch(`${server.base}/healthz?token=secret-query`)
      await new Promise((resolve) => setTimeout(resolve, 200))
      const password = /password "([^"]+)"/.exec(server.stderr())?.[1]
      expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/)
      const lines = server.stdout().trim().split("\n")
      const entries = lines.map((line) => JSON.parse(line))
      expect(
        entries.some(
          (entry) => entry.req?.path === "/healthz" && entry.req.remoteAddress === "127.0.0.1",
        ),
      ).toBe(true)
      expect(server.stdout()).not.toContain(password)
      expect(server.stdout()).not.toContain("secret-query")
    } finally {
      await server.kill("SIGTERM")
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  }, 30_000)
})
