import { type ChildProcess, execSync, spawn } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { REPOSITORY } from "../content-kit/repository"
import { buildServerBundle } from "../server/bundle/build"
import { entryArgs } from "../server/bundle/entries"

// The real server as a child process for the benches (bench.ts, audience-bench.ts).
export const PORT = Number(process.env.BENCH_PORT ?? 8099)
export const BASE = `http://127.0.0.1:${PORT}`
// The server reads PUBLIC_DIR too, so a copy of a build can be measured while public/ is rebuilt.
export const PUBLIC_DIR = path.resolve(process.env.PUBLIC_DIR ?? path.join(REPOSITORY, "public"))

export async function startServer(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  // The bundle as deployed, started by Node itself, so the measured process is the server.
  await buildServerBundle()
  const child = spawn(process.execPath, entryArgs("main"), {
    cwd: REPOSITORY,
    env: {
      ...process.env,
      NODE_ENV: "production",
      SITE_URL: "https://bench.example.com",
      SHUTDOWN_DRAIN_MS: "0",
      DATA_DIR: dataDir,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      CONTACT_RATE_LIMIT: "0",
      // The bench posts events from one address, far above a visitor's rate.
      EVENT_RATE_LIMIT: "0",
      LOG_LEVEL: "warn",
      ADMIN_PASSWORD: "bench-only-password",
      DATABASE_URL: "",
      SMTP_URL: "",
      PUBLIC_DIR,
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  })
  for (
    const start = Date.now();
    Date.now() - start < 30_000;
    await new Promise((r) => setTimeout(r, 200))
  ) {
    if (
      await fetch(`${BASE}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child
  }
  child.kill("SIGKILL")
  throw new Error("the server did not start")
}

/**
 * CPU seconds the server process has used, from /proc (Linux). Other processes on a shared
 * machine change req/s; requests per CPU-second of the server's own time do not change much.
 */
const TICKS_PER_SECOND = Number(execSync("getconf CLK_TCK").toString().trim()) || 100
export function cpuSeconds(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ")
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND
  } catch {
    return null
  }
}
