// npm run bench -- events: the audience's two promises. (1) Ingest: POST /api/event on the
// real server, one process on SQLite, then three behind nginx on one PostgreSQL: a burst at the
// goal's rate (20,000 events/s) beside a steady contact load, whose p99 is compared with the
// same load alone; then the ceiling, in events per second and per server CPU-second; every
// accepted event stored once. (2) The Audience view: a store seeded with BENCH_EVENTS
// (1,000,000) events over 90 days, rolled up as housekeeping does, then the 90-day answer
// timed (DATABASE_URL measures PostgreSQL instead). BENCH_PART=view|ingest|cluster runs one.
import { spawn } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import autocannon from "autocannon"
import type { AudienceEventPayload } from "../contract/audience-event"
import { eventRow } from "../server/audience/record-post"
import { audienceReport } from "../server/audience/report"
import { rollUpAudience } from "../server/audience/rollup"
import { openStore } from "../server/store"
import { dayOf } from "../server/store/audience/days"
import { openDatabase } from "../server/store/database"
import type { AudienceEventsTable } from "../server/store/schema"
import { startCluster } from "../server/test/postgres-cluster"
import { BROWSER_USER_AGENT } from "../server/test/user-agents"
import { freshDatabase, startBehindNginx } from "./bench-cluster"
import { contactPost } from "./bench-contact-post"
import { BASE, cpuSeconds, PORT, startServer } from "./bench-server"
import { type PacedResult, pacedPosts, pacedPostsInAnotherThread } from "./paced-load"

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10)
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000)
const DAY_MS = 86_400_000

/** What a page sends when it is hidden: its visible time, five vitals, a conversion, and the next view. */
const FULL_BODY: AudienceEventPayload[] = [
  { kind: "engagement", path: "/produit/creaform", language: "fr", visibleMs: 41_000 },
  { kind: "vital", path: "/produit/creaform", language: "fr", name: "LCP", value: 1830 },
  { kind: "vital", path: "/produit/creaform", language: "fr", name: "CLS", value: 0.02 },
  { kind: "vital", path: "/produit/creaform", language: "fr", name: "INP", value: 96 },
  { kind: "vital", path: "/produit/creaform", language: "fr", name: "FCP", value: 900 },
  { kind: "vital", path: "/produit/creaform", language: "fr", name: "TTFB", value: 120 },
  { kind: "conversion", path: "/produit/creaform", language: "fr", name: "cta_click" },
  {
    kind: "view",
    path: "/contact",
    language: "fr",
    width: "mobile",
    utmSource: "newsletter",
    utmCampaign: "spring",
  },
]

const run = (options: Omit<autocannon.Options, "duration">): Promise<autocannon.Result> =>
  new Promise((resolve, reject) =>
    autocannon(
      { duration: DURATION_S, ...options },
      (error: Error | null, result: autocannon.Result) => (error ? reject(error) : resolve(result)),
    ),
  )

// The events are sent from a worker thread of their own: a site's beacons come from other
// machines, and sharing this event loop would delay the contact client's own timings.
const eventPost = (events: AudienceEventPayload[], connections: number) => ({
  url: `${BASE}/api/event`,
  method: "POST" as const,
  connections,
  workers: 1,
  headers: { "content-type": "application/json", "user-agent": BROWSER_USER_AGENT },
  body: JSON.stringify({ events }),
})

/** The contact load both measures share: a steady rate, far above a real site's, on 10 connections. */
const CONTACT_RATE = Number(process.env.BENCH_CONTACT_RATE ?? 200)
/** The issue's goal: at least this many events a second on one process while contacts keep their p99. */
const GOAL_EVENTS_PER_S = 20_000
/** Alone, then during a burst, this many times: the ratio of the median p99s is reported. */
const PAIRS = Number(process.env.BENCH_PAIRS ?? 3)

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]

/**
 * What the store holds against what autocannon saw answered: a few more are stored, the requests
 * still in flight when a load stops (answered, not counted by autocannon); fewer would be lost events.
 */
const storedLine = (stored: number, accepted: number) =>
  `stored after shutdown: ${stored} events; ${accepted} answered 202 within the loads' time ` +
  `(${stored >= accepted ? "none lost" : `${accepted - stored} LOST`})`

/** The contact POST at a steady rate (paced-load.ts), timed from its send to its answer. */
const contacts = (base: string, durationS = DURATION_S) => {
  const { headers, body } = contactPost(base, 10)
  return pacedPosts({
    url: `${base}/SendMessage`,
    rate: CONTACT_RATE,
    durationS,
    sockets: 10,
    headers: headers as Record<string, string>,
    body: body as string,
  })
}

/** Events at the goal's rate, 8 a request, evenly paced from another thread. */
const eventBurst = (base: string, durationS = DURATION_S) =>
  pacedPostsInAnotherThread({
    url: `${base}/api/event`,
    rate: GOAL_EVENTS_PER_S / FULL_BODY.length,
    durationS,
    sockets: 50,
    headers: { "content-type": "application/json", "user-agent": BROWSER_USER_AGENT },
    body: JSON.stringify({ events: FULL_BODY }),
  })

const CHRT = ["/usr/bin/chrt", "/bin/chrt"].find((file) => fs.existsSync(file))

/** The two neighbours of the control: one that only computes, one that makes system calls. */
const BUSY_LOOPS = {
  "a loop that only computes": [process.execPath, "-e", "for (;;);"],
  "a loop of system calls (yes > /dev/null)": ["sh", "-c", "exec yes > /dev/null"],
}

/**
 * A control for the ratio: the contact load beside a loop that keeps one core busy at the
 * lowest priority Linux has (SCHED_IDLE through util-linux's chrt; nice 19 without it), which
 * never takes the CPU from a thread that wants it. Whatever it costs the contact POST's p99 is
 * what work on the other core costs on this machine, the events' or not (docs/PERFORMANCE.md,
 * Benches).
 */
async function besideABusyLoop(base: string, loop: string[]): Promise<PacedResult> {
  const busy = CHRT
    ? spawn(CHRT, ["--idle", "0", ...loop], { stdio: "ignore" })
    : spawn("nice", ["-n", "19", ...loop], { stdio: "ignore" })
  try {
    return await contacts(base)
  } finally {
    busy.kill("SIGKILL")
  }
}

/** The contact POST's p99 alone and during a burst at the goal's rate, then the ceiling. */
async function measureIngest(
  base: string,
  pids: number[],
  { eventBase = base, control = false } = {},
) {
  const lines: string[] = []
  let accepted = 0
  const perS = (result: autocannon.Result, events: number) =>
    Math.round((result["2xx"] * events) / DURATION_S)
  const events = (body: AudienceEventPayload[], connections: number) => ({
    ...eventPost(body, connections),
    url: `${eventBase}/api/event`,
  })
  // A first load warms the server (its code compiled, its statements prepared) for both measures:
  // the contact POST, then the event posts beside it (the event route's first requests, cold,
  // made the first pair's p99 several times the others').
  await contacts(base, 3)
  const [warm] = await Promise.all([eventBurst(eventBase, 3), contacts(base, 3)])
  accepted += (warm.sent - warm.errors) * FULL_BODY.length
  const alone: PacedResult[] = []
  const during: PacedResult[] = []
  const bursts: PacedResult[] = []
  for (let pair = 0; pair < PAIRS; pair++) {
    alone.push(await contacts(base))
    // The burst at the goal's rate (8 events a request, as a page sends when it is hidden),
    // evenly paced from another thread, as many visitors' beacons arrive.
    const [burst, beside] = await Promise.all([eventBurst(eventBase), contacts(base)])
    during.push(beside)
    bursts.push(burst)
    accepted += (burst.sent - burst.errors) * FULL_BODY.length
  }
  const list = (results: PacedResult[], key: "p50" | "p99") =>
    results.map((r) => r[key]).join(" / ")
  const errors = (results: PacedResult[]) => results.reduce((sum, r) => sum + r.errors, 0)
  const ratio = median(during.map((r) => r.p99)) / median(alone.map((r) => r.p99))
  lines.push(
    `contact POST alone (${CONTACT_RATE} req/s, evenly paced, ${PAIRS} runs): ` +
      `p50 ${list(alone, "p50")} ms, p99 ${list(alone, "p99")} ms, ${errors(alone)} errors`,
    `events at the goal's rate: ${bursts.map((b) => Math.round(((b.sent - b.errors) * FULL_BODY.length) / DURATION_S)).join(" / ")} ` +
      `events/s (goal >= ${GOAL_EVENTS_PER_S}; p99 ${list(bursts, "p99")} ms, ` +
      `${errors(bursts)} errors)`,
    `contact POST during it: p50 ${list(during, "p50")} ms, p99 ${list(during, "p99")} ms ` +
      `(median p99 ${ratio.toFixed(2)}x alone; goal <= 1.5x), ${errors(during)} errors`,
  )
  for (const [name, loop] of control ? Object.entries(BUSY_LOOPS) : []) {
    const beside: PacedResult[] = []
    for (let pair = 0; pair < PAIRS; pair++) beside.push(await besideABusyLoop(base, loop))
    const times = median(beside.map((r) => r.p99)) / median(alone.map((r) => r.p99))
    lines.push(
      `control, the contact load beside ${name} at the lowest priority, no events: ` +
        `p99 ${list(beside, "p99")} ms (median p99 ${times.toFixed(2)}x alone)`,
    )
  }
  const cpuBefore = pids.reduce((sum, pid) => sum + (cpuSeconds(pid) ?? NaN), 0)
  const ceiling = await run(events(FULL_BODY, 50))
  const cpu = pids.reduce((sum, pid) => sum + (cpuSeconds(pid) ?? NaN), 0) - cpuBefore
  accepted += ceiling["2xx"] * FULL_BODY.length
  // Events per second of the servers' own CPU: what one free core carries, whatever else runs.
  const perCpuSecond = Math.round((ceiling["2xx"] * FULL_BODY.length) / cpu)
  lines.push(
    `events as fast as autocannon sends them (8 a request, 50 connections): ` +
      `${perS(ceiling, FULL_BODY.length)} events/s (p99 ${ceiling.latency.p99} ms), ` +
      `server CPU ${Math.round((100 * cpu) / DURATION_S)} %, ${perCpuSecond} events per CPU-second`,
  )
  const single = await run(events([FULL_BODY[7]], 50))
  accepted += single["2xx"]
  lines.push(
    `events, 1 a request (a page view; 50 connections): ${perS(single, 1)} events/s, ` +
      `p99 ${single.latency.p99} ms`,
  )
  return { lines, accepted }
}

/**
 * The port the events go to in the one-process measure, as nginx sends them there in a
 * deployment (EVENT_PORT, server/event-worker/thread.ts); BENCH_EVENT_PORT=off sends them
 * to the app's own port instead, the way `npm start` takes them without nginx.
 */
const EVENT_PORT = process.env.BENCH_EVENT_PORT === "off" ? null : PORT + 1

/** One process on SQLite. */
async function ingest() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-events-"))
  const server = await startServer(dataDir, EVENT_PORT ? { EVENT_PORT: String(EVENT_PORT) } : {})
  let measured: Awaited<ReturnType<typeof measureIngest>>
  try {
    const eventBase = EVENT_PORT ? `http://127.0.0.1:${EVENT_PORT}` : BASE
    measured = await measureIngest(BASE, [server.pid!], { eventBase, control: true })
  } finally {
    server.kill("SIGTERM")
    await new Promise((resolve) => server.once("exit", resolve))
  }
  const store = await openStore({ databaseUrl: null, dataDir, now: Date.now })
  const stored = await store.audience.size()
  await store.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
  return [
    `one process, SQLite, events to ${EVENT_PORT ? "EVENT_PORT (a thread of their own)" : "the app's own port"}:`,
    ...measured.lines,
    storedLine(stored, measured.accepted),
  ]
}

/** Three instances behind nginx on one PostgreSQL (fsync on): each event stored once. */
async function ingestBehindNginx(instances = 3) {
  const cluster = await startCluster({ durable: true })
  if (typeof cluster === "string") throw new Error(cluster)
  try {
    const databaseUrl = await freshDatabase(cluster.url, "bench_events")
    // The bench posts from one address: the per-address limit (120 a minute by default) would
    // answer 202 and keep almost nothing, as it does for a flood.
    const group = await startBehindNginx(
      databaseUrl,
      instances,
      { TRUST_PROXY: "1", EVENT_RATE_LIMIT: "0" },
      { eventPorts: EVENT_PORT !== null },
    )
    let measured: Awaited<ReturnType<typeof measureIngest>>
    try {
      measured = await measureIngest(
        group.base,
        group.servers.map((s) => s.child.pid!),
      )
    } finally {
      await group.stop()
    }
    const store = await openStore({ databaseUrl, dataDir: os.tmpdir(), now: Date.now })
    const stored = await store.audience.size()
    await store.close()
    return [
      `${instances} instances behind nginx, one PostgreSQL, events to ${EVENT_PORT ? "their EVENT_PORTs" : "their own ports"}:`,
      ...measured.lines,
      storedLine(stored, measured.accepted),
    ]
  } finally {
    cluster.stop()
  }
}

const PAGES = [
  "/",
  "/about",
  "/Produit",
  "/produit/creaform",
  "/produit/clickwin",
  "/contact",
  "/blog",
  "/solutions",
  "/expertise-metier",
  "/case-studies/hr",
]
const SOURCES = [
  {},
  {},
  { referrer: "www.google.com" },
  { referrer: "www.linkedin.com" },
  { utmSource: "newsletter", utmMedium: "email", utmCampaign: "spring" },
  { utmSource: "ads", utmCampaign: "q2" },
]

/** A day's events: visits of four page views, visible times, vitals, now and then a message. */
function* dayOfEvents(day: number, count: number): Generator<AudienceEventsTable> {
  for (let i = 0; i < count;) {
    const visitor = `v${day}-${i}`
    const language = (["fr", "en", "de"] as const)[i % 3]
    const at = day * DAY_MS + ((i * 7919) % DAY_MS)
    for (let page = 0; page < 4 && i < count; page++, i += 2) {
      const prefix = language === "fr" ? "" : `/${language}`
      const path = `${prefix}${PAGES[(i + page * 3) % PAGES.length]}`.replace(/\/$/, "") || "/"
      const view: AudienceEventPayload = {
        kind: "view",
        path,
        language,
        width: (["mobile", "tablet", "desktop"] as const)[i % 3],
        ...(page === 0 ? SOURCES[i % SOURCES.length] : {}),
      }
      yield eventRow(view, at + page * 30_000, visitor)
      const second: AudienceEventPayload =
        page === 3 && i % 40 === 0
          ? { kind: "conversion", path, language, name: "contact_sent" }
          : page === 0
            ? { kind: "vital", path, language, name: "LCP", value: 800 + ((i * 37) % 4000) }
            : { kind: "engagement", path, language, visibleMs: 1000 + ((i * 13) % 60_000) }
      yield eventRow(second, at + page * 30_000 + 20_000, visitor)
    }
  }
}

async function view() {
  const databaseUrl = process.env.DATABASE_URL || null
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-audience-"))
  const store = await openStore({ databaseUrl, dataDir, now: Date.now })
  const { db } = openDatabase({ databaseUrl, dataDir })
  const lines: string[] = []
  try {
    const today = dayOf(Date.now())
    const perDay = Math.ceil(EVENTS / 90)
    let started = Date.now()
    for (let day = today - 89; day <= today; day++) {
      await db.transaction().execute(async (trx) => {
        let batch: AudienceEventsTable[] = []
        for (const row of dayOfEvents(day, perDay)) {
          batch.push(row)
          if (batch.length === 1000) {
            await trx.insertInto("audience_events").values(batch).execute()
            batch = []
          }
        }
        if (batch.length) await trx.insertInto("audience_events").values(batch).execute()
      })
    }
    lines.push(
      `seeded ${await store.audience.size()} events over 90 days ` +
        `(${databaseUrl ? "PostgreSQL" : "SQLite"}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    )
    started = Date.now()
    const rolled = await rollUpAudience(store)
    lines.push(
      `rolled up ${rolled} finished days in ${((Date.now() - started) / 1000).toFixed(1)} ` +
        `s (housekeeping's first run; then one day at a time)`,
    )
    for (const language of [null, "de"] as const) {
      const times: number[] = []
      for (let i = 0; i < 7; i++) {
        const start = performance.now()
        await audienceReport(store, Date.now, 30, { fromDay: today - 89, toDay: today, language })
        times.push(performance.now() - start)
      }
      times.sort((a, b) => a - b)
      lines.push(
        `90-day view, ${language ?? "all languages"}: median ${times[3].toFixed(0)} ms, slowest ` +
          `${times[6].toFixed(0)} ms of 7 (goal < 300 ms; today's ${perDay} events aggregated live)`,
      )
    }
  } finally {
    await db.destroy()
    await store.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  return lines
}

export async function benchEvents() {
  // BENCH_PART=view, ingest or cluster runs one part.
  const part = process.env.BENCH_PART
  const lines = [
    ...(!part || part === "view" ? await view() : []),
    ...(!part || part === "ingest" ? await ingest() : []),
    ...(!part || part === "cluster" ? await ingestBehindNginx() : []),
  ]
  process.stdout.write(
    `\n${lines.join("\n")}\n\n${os.cpus().length} CPUs, load average ` +
      `${os.loadavg()[0].toFixed(1)}, ${DURATION_S} s per load.\n`,
  )
}
