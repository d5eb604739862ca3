// npm run bench: the real server as a child process, autocannon from this one, one
// scenario after another, then a check that every acknowledged message was stored.
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import autocannon from "autocannon"
import { openStore } from "../server/store"
import { contactPost } from "./bench-contact-post"
import { BASE, cpuSeconds, PUBLIC_DIR, startServer } from "./bench-server"

// autocannon decodes every response body into a JavaScript string, which for binary Brotli
// costs the client about ten times the server's work per request: one core of autocannon
// stops near 4,400 req/s on `GET /` while the server idles at a quarter of a core. No
// supported option turns that off, so the static answers are judged by what the server can
// carry per second of its own CPU (docs/PERFORMANCE.md, Benches); their req/s is the client's
// limit.

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10)

interface Scenario {
  name: string
  /** `rps`: requests per second; `perCpuSecond`: requests per second of the server's CPU. */
  goal: { rps?: number; perCpuSecond?: number; p99Ms?: number }
  options: Omit<autocannon.Options, "duration">
}

type Result = autocannon.Result

const run = (options: Omit<autocannon.Options, "duration">): Promise<Result> =>
  new Promise((resolve, reject) =>
    autocannon({ duration: DURATION_S, ...options }, (error: Error | null, result: Result) =>
      error ? reject(error) : resolve(result),
    ),
  )

/** Hashed bundles of the build: the small webpack runtime, and the app bundle for scale. */
function hashedAssets(publicDir: string): string[] {
  if (!fs.existsSync(path.join(publicDir, "index.html"))) return []
  const names = fs.readdirSync(publicDir)
  return [/^webpack-runtime-[0-9a-f]{16,}\.js$/, /^app-[0-9a-f]{16,}\.js$/]
    .map(
      (pattern) =>
        names
          .filter((name) => pattern.test(name))
          .sort(
            (a, b) =>
              fs.statSync(path.join(publicDir, b)).mtimeMs -
              fs.statSync(path.join(publicDir, a)).mtimeMs,
          )[0],
    )
    .filter(Boolean)
    .map((name) => `/${name}`)
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-"))
  const assets = hashedAssets(PUBLIC_DIR)
  const scenarios: Scenario[] = [
    {
      name: "POST /SendMessage",
      goal: { rps: 2000, p99Ms: 50 },
      options: contactPost(`${BASE}/SendMessage`, 50),
    },
  ]
  if (assets.length > 0) {
    for (const url of ["/", ...assets]) {
      scenarios.push({
        name: `GET ${url}`,
        goal: { perCpuSecond: 7000 },
        options: {
          url: `${BASE}${url}`,
          connections: 50,
          headers: { "accept-encoding": "br, gzip" },
        },
      })
    }
  } else {
    process.stdout.write("public/ is not built (npm run build): static scenarios skipped.\n")
  }

  const server = await startServer(dataDir)
  const rows: string[][] = []
  let acknowledged = 0
  try {
    for (const scenario of scenarios) {
      const cpuBefore = cpuSeconds(server.pid!)
      const result = await run(scenario.options)
      const cpuAfter = cpuSeconds(server.pid!)
      const serverCpu = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore
      if (scenario.name.startsWith("POST")) acknowledged = result["2xx"]
      const errors = result.errors + result.timeouts + result.non2xx
      const perCpuSecond = serverCpu ? result.requests.total / serverCpu : null
      const { rps, perCpuSecond: cpuGoal, p99Ms } = scenario.goal
      const met =
        errors === 0 &&
        (rps === undefined || result.requests.average >= rps) &&
        (cpuGoal === undefined || (perCpuSecond !== null && perCpuSecond >= cpuGoal)) &&
        (p99Ms === undefined || result.latency.p99 < p99Ms)
      rows.push([
        scenario.name,
        Math.round(result.requests.average).toString(),
        `${result.latency.p50} ms`,
        `${result.latency.p99} ms`,
        errors.toString(),
        `${Math.round(result.throughput.average / Math.max(result.requests.average, 1) / 1024)} KB`,
        serverCpu === null ? "n/a" : `${Math.round((serverCpu / DURATION_S) * 100)}%`,
        perCpuSecond === null ? "n/a" : Math.round(perCpuSecond).toString(),
        [
          rps && `>= ${rps} req/s`,
          cpuGoal && `>= ${cpuGoal} req/CPU-s`,
          p99Ms && `p99 < ${p99Ms} ms`,
        ]
          .filter(Boolean)
          .join(", "),
        met ? "yes" : "NO",
      ])
    }
  } finally {
    server.kill("SIGTERM")
    await new Promise((resolve) => server.once("exit", resolve))
  }

  const store = await openStore({ databaseUrl: null, dataDir, now: Date.now })
  const stored = (await store.messages.list({}, { offset: 0, limit: 1 })).total
  await store.close()
  fs.rmSync(dataDir, { recursive: true, force: true })

  const header = [
    "scenario",
    "req/s",
    "p50",
    "p99",
    "errors",
    "KB/answer",
    "server CPU",
    "req/CPU-s",
    "goal",
    "met",
  ]
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)))
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join("  ")
  process.stdout.write(`\n${line(header)}\n${rows.map(line).join("\n")}\n\n`)
  process.stdout.write(
    `${DURATION_S} s per scenario, 50 connections, ${os.cpus().length} CPUs, load average ` +
      `${os.loadavg()[0].toFixed(1)}, SQLite WAL synchronous=FULL with group commit.\n`,
  )
  process.stdout.write(
    "server CPU: share of one core the server used; req/CPU-s: requests " +
      "per second of server CPU, what one free core would carry.\n",
  )
  process.stdout.write(
    "Static answers: req/s is autocannon's limit (it decodes each " +
      "Brotli body into a string); their goal is per server CPU-second.\n",
  )
  process.stdout.write(
    `Durability: ${stored} messages stored for ${acknowledged} acknowledged (201).\n`,
  )
  if (stored < acknowledged) process.exitCode = 1
}

// `npm run bench -- cluster`: through nginx to one and three instances on PostgreSQL (bench-cluster.ts);
// `npm run bench -- growth`: store size per 10,000 messages (db-growth.ts);
// `npm run bench -- events`: the audience's ingest and its 90-day view (audience-bench.ts);
// `npm run bench -- publish`: push to live and serving during a build (publish-bench.ts);
// `npm run bench -- booking`: slot reads and bookings under contention (booking-bench.ts).
const modes: Record<string, () => Promise<void>> = {
  cluster: () => import("./bench-cluster").then((m) => m.benchCluster()),
  growth: () => import("./db-growth").then((m) => m.dbGrowth()),
  events: () => import("./audience-bench").then((m) => m.benchEvents()),
  publish: () => import("./publish-bench").then((m) => m.benchPublish()),
  booking: () => import("./booking-bench").then((m) => m.benchBooking()),
}
const entry = modes[process.argv[2]] ?? main

entry().catch((error) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  )
  process.exit(1)
})
