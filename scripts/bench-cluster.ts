// npm run bench -- cluster: durable contact POSTs through nginx to one, then three server
// instances sharing one PostgreSQL (fsync on, synchronous_commit on: a 201 means committed
// to disk), all on this machine. Prints req/s, latency, errors, the CPU each part used, and
// checks that every acknowledged message was stored.
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import autocannon from "autocannon"
import pg from "pg"
import { startNginx } from "../server/test/nginx"
import { startCluster } from "../server/test/postgres-cluster"
import { freePort, type ServerProcess, startServer } from "../server/test/server-process"
import { contactPost } from "./bench-contact-post"

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10)
// BENCH_INSTANCES=3,1 changes the scenarios or their order.
const INSTANCES = (process.env.BENCH_INSTANCES ?? "1,3").split(",").map(Number)
const CONNECTIONS = 50
const TICKS = 100
const METRICS_TOKEN = "bench-cluster-metrics-token"

/** Store queries run so far by the instances, read from their /metrics. */
async function storeQueries(bases: string[]): Promise<number> {
  let total = 0
  for (const base of bases) {
    const text = await fetch(`${base}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    }).then((r) => r.text())
    total += Number(
      /^store_query_duration_seconds_count\{result="ok"\} (\d+)/m.exec(text)?.[1] ?? 0,
    )
  }
  return total
}

/** CPU seconds used by `pids` and their threads, from /proc. */
const cpuOf = (pids: number[]) =>
  pids.reduce((sum, pid) => {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ")
      return sum + (Number(fields[11]) + Number(fields[12])) / TICKS
    } catch {
      return sum
    }
  }, 0)

/** Busy CPU seconds of the whole machine, from /proc/stat. */
function machineBusy(): number {
  const [, ...values] = fs
    .readFileSync("/proc/stat", "utf8")
    .split("\n")[0]
    .trim()
    .split(/\s+/)
    .map(Number)
  const idle = values[3] + values[4]
  return (values.reduce((a, b) => a + b, 0) - idle) / TICKS
}

/** PostgreSQL's processes: the postmaster and its children (backends, WAL writer, checkpointer). */
function postgresPids(): number[] {
  return fs
    .readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "postgres"
      } catch {
        return false
      }
    })
    .map(Number)
}

function nginxPids(): number[] {
  return fs
    .readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "nginx"
      } catch {
        return false
      }
    })
    .map(Number)
}

export async function freshDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`drop database if exists ${name} with (force)`)
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/** `instances` servers on one PostgreSQL database behind one nginx, as deploy/ runs them. */
export async function startBehindNginx(
  databaseUrl: string,
  instances: number,
  env: Record<string, string> = {},
  { eventPorts = false } = {},
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-cluster-"))
  const servers: ServerProcess[] = []
  const events: number[] = []
  for (let i = 0; i < instances; i++) {
    if (eventPorts) events.push(await freePort())
    servers.push(
      await startServer({
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        CONTACT_RATE_LIMIT: "0",
        LOG_LEVEL: "warn",
        METRICS_TOKEN,
        ...(eventPorts ? { EVENT_PORT: String(events[i]) } : {}),
        ...env,
      }),
    )
  }
  const port = await freePort()
  const forward =
    "proxy_set_header X-Forwarded-For $remote_addr; proxy_set_header X-Forwarded-Proto $scheme;"
  // With event ports, /api/event goes to them as deploy/nginx/mesurea.conf.template's comment says.
  const nginx = await startNginx(
    `upstream app { ${servers.map((s) => `server 127.0.0.1:${s.port};`).join(" ")} }
     ${eventPorts ? `upstream events { ${events.map((p) => `server 127.0.0.1:${p};`).join(" ")} }` : ""}
     server { listen 127.0.0.1:${port}; location / { proxy_pass http://app; ${forward} }
       ${eventPorts ? `location = /api/event { proxy_pass http://events; ${forward} }` : ""} }`,
    port,
  )
  return {
    servers,
    base: `http://127.0.0.1:${port}`,
    async stop() {
      await nginx.stop()
      await Promise.all(servers.map((s) => s.kill("SIGTERM")))
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

async function scenario(adminUrl: string, instances: number) {
  const databaseUrl = await freshDatabase(adminUrl, `bench_${instances}`)
  const { servers, base, stop } = await startBehindNginx(databaseUrl, instances)
  try {
    const serverPids = servers.map((s) => s.child.pid!)
    const queriesBefore = await storeQueries(servers.map((s) => s.base))
    const before = {
      servers: cpuOf(serverPids),
      postgres: cpuOf(postgresPids()),
      nginx: cpuOf(nginxPids()),
      machine: machineBusy(),
    }
    const result: autocannon.Result = await new Promise((resolve, reject) =>
      autocannon(
        {
          ...contactPost(`${base}/SendMessage`, CONNECTIONS),
          duration: DURATION_S,
        },
        (error: Error | null, value: autocannon.Result) => (error ? reject(error) : resolve(value)),
      ),
    )
    const share = (seconds: number) => `${Math.round((seconds / DURATION_S) * 100)}%`
    const serverSeconds = cpuOf(serverPids) - before.servers
    const cpu = {
      perServerSecond:
        serverSeconds > 0 ? String(Math.round(result["2xx"] / serverSeconds)) : "n/a",
      servers: share(serverSeconds),
      postgres: share(cpuOf(postgresPids()) - before.postgres),
      nginx: share(cpuOf(nginxPids()) - before.nginx),
      machine: share(machineBusy() - before.machine),
    }
    // Each group commit is one INSERT of its batch (BEGIN and COMMIT are not counted as queries).
    const commits = (await storeQueries(servers.map((s) => s.base))) - queriesBefore
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    const stored = Number((await client.query("select count(*) as n from messages")).rows[0].n)
    await client.end()
    return {
      instances,
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts + result.non2xx,
      acknowledged: result["2xx"],
      stored,
      cpu,
      perCommit: commits > 0 ? (result["2xx"] / commits).toFixed(1) : "n/a",
    }
  } finally {
    await stop()
  }
}

export async function benchCluster() {
  const cluster = await startCluster({ durable: true })
  if (typeof cluster === "string") throw new Error(cluster)
  try {
    const rows = []
    for (const instances of INSTANCES) rows.push(await scenario(cluster.url, instances))
    process.stdout.write(
      `\nPOST /SendMessage through nginx, ${CONNECTIONS} connections, ${DURATION_S} s, PostgreSQL ` +
        `with fsync on, ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}\n\n`,
    )
    process.stdout.write(
      "instances  req/s   p50    p99    errors  stored/acknowledged  messages/commit " +
        " req/server-CPU-s  CPU: servers  postgres  nginx  machine (100% = one core)\n",
    )
    for (const r of rows) {
      process.stdout.write(
        `${String(r.instances).padEnd(9)}  ${String(r.rps).padEnd(6)}  ${`${r.p50} ms`.padEnd(5)}  ` +
          `${`${r.p99} ms`.padEnd(5)}  ${String(r.errors).padEnd(6)}  ${`${r.stored}/${r.acknowledged}`.padEnd(19)} ` +
          ` ${r.perCommit.padEnd(15)}  ${r.cpu.perServerSecond.padEnd(16)}  ${r.cpu.servers.padEnd(12)} ` +
          ` ${r.cpu.postgres.padEnd(8)}  ${r.cpu.nginx.padEnd(5)}  ${r.cpu.machine}\n`,
      )
      if (r.stored < r.acknowledged) process.exitCode = 1
    }
  } finally {
    cluster.stop()
  }
}
