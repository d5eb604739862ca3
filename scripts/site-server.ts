// The real server on the built site, on a free port with a throwaway data folder: for the
// measuring scripts (budget, Lighthouse), which need the site as visitors get it.
import { spawn, type ChildProcess } from "node:child_process"
import fs from "node:fs"
import net from "node:net"
import os from "node:os"
import path from "node:path"

const ROOT = path.resolve(__dirname, "..")

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
    server.on("error", reject)
  })
}

/** The throwaway server's admin password (a measuring store, thrown away after the run). */
export const SITE_SERVER_ADMIN_PASSWORD = "measuring-admin-password-0123"

export type SiteServer = { origin: string; stop(): void }

export async function startSiteServer(): Promise<SiteServer> {
  const port = await freePort()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-server-"))
  const server: ChildProcess = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["server/main.ts"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: SITE_SERVER_ADMIN_PASSWORD,
      CONTACT_RATE_LIMIT: "0",
      LOG_LEVEL: "warn",
    },
  })
  const origin = `http://127.0.0.1:${port}`
  const stop = () => {
    server.kill("SIGTERM")
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  for (let attempt = 0; attempt < 120; attempt++) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`)
    const ok = await fetch(`${origin}/healthz`).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) return { origin, stop }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  stop()
  throw new Error("the server did not answer /healthz within 60 s")
}
