import { execFile, execFileSync } from "node:child_process"
import fs from "node:fs"
import net from "node:net"
import os from "node:os"
import path from "node:path"
import { promisify } from "node:util"

export interface Cluster {
  url: string
  stop(): void
  /** Stops the PostgreSQL server and keeps its data, as an outage would (server/system-tests/faults.test.ts). */
  halt(mode: "fast" | "immediate"): Promise<void>
  /** Starts it again, on the same port, after halt(). */
  resume(): Promise<void>
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
    server.on("error", reject)
  })

export function postgresBin(): string | null {
  const root = "/usr/lib/postgresql"
  if (!fs.existsSync(root)) return null
  const versions = fs.readdirSync(root).sort((a, b) => Number(b) - Number(a))
  const bin = versions
    .map((v) => path.join(root, v, "bin"))
    .find((dir) => fs.existsSync(path.join(dir, "pg_ctl")))
  return bin ?? null
}

/**
 * Why a suite that starts a cluster of its own (to stop it: the shared one of global-setup.ts
 * must stay up) cannot run here, or null; with REQUIRE_POSTGRES=1 a missing one is an error.
 */
export function ownClusterMissing(): string | null {
  const missing =
    process.env.POSTGRES_SKIPPED ??
    (postgresBin() ? null : "no PostgreSQL binaries under /usr/lib/postgresql")
  if (missing && process.env.REQUIRE_POSTGRES === "1")
    throw new Error(`REQUIRE_POSTGRES=1 but ${missing}`)
  return missing
}

/**
 * Starts a throwaway PostgreSQL cluster from Debian's binaries, or explains why it cannot.
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` user.
 */
export async function startCluster(options: { durable?: boolean } = {}): Promise<Cluster | string> {
  const bin = postgresBin()
  if (!bin) return "no PostgreSQL binaries under /usr/lib/postgresql"
  const asRoot = process.getuid?.() === 0
  const run = (command: string, args: string[]) =>
    asRoot
      ? execFileSync("runuser", ["-u", "postgres", "--", path.join(bin, command), ...args], {
          stdio: "pipe",
        })
      : execFileSync(path.join(bin, command), args, { stdio: "pipe" })

  // Without blocking the event loop, so a test can keep sending requests meanwhile.
  const runAsync = (command: string, args: string[]) =>
    asRoot
      ? promisify(execFile)("runuser", ["-u", "postgres", "--", path.join(bin, command), ...args])
      : promisify(execFile)(path.join(bin, command), args)

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pg-test-"))
  try {
    if (asRoot) execFileSync("chown", ["postgres:", dir])
    const port = await freePort()
    run("initdb", ["-D", dir, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"])
    // Durability is the store's job under test only on SQLite; here speed matters, except
    // for the bench (`durable`), which measures commits that reach the disk.
    const startArgs = [
      "start",
      "-w",
      "-D",
      dir,
      "-l",
      path.join(dir, "log"),
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1${options.durable ? "" : " -c fsync=off"}`,
    ]
    run("pg_ctl", startArgs)
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      stop() {
        try {
          run("pg_ctl", ["stop", "-D", dir, "-m", "immediate"])
        } finally {
          // Also after halt(), when pg_ctl finds no server to stop.
          fs.rmSync(dir, { recursive: true, force: true })
        }
      },
      async halt(mode) {
        await runAsync("pg_ctl", ["stop", "-w", "-D", dir, "-m", mode])
      },
      async resume() {
        await runAsync("pg_ctl", startArgs)
      },
    }
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true })
    return `could not start PostgreSQL from ${bin}: ${error instanceof Error ? error.message : String(error)}`
  }
}
