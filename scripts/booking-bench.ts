// npm run bench -- booking: the booking routes on one process (SQLite), against their goals
// (docs/BOOKING.md, "Under load"): the slot list a visitor reads, then many clients booking
// overlapping slots, then a check that the store holds exactly the bookings acknowledged.
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import autocannon from "autocannon"
import { apart, bookingBody, demoStarts, openRoundTheClock } from "../server/test/booking-requests"
import { halfBookings, storedMeetings } from "../server/test/booking-store"
import { ADMIN_PASSWORD, withRaw } from "../server/test/stores"
import { BASE, cpuSeconds, startServer } from "./bench-server"

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = 50
const READS_GOAL = { rps: 1000, p99Ms: 50 }
/** Booking attempts, each a random start among the first CONTESTED of a 30-minute grid. */
const ATTEMPTS = 2000
const CONTESTED = 200

const run = (options: autocannon.Options): Promise<autocannon.Result> =>
  new Promise((resolve, reject) =>
    autocannon(options, (error: Error | null, result: autocannon.Result) =>
      error ? reject(error) : resolve(result),
    ),
  )

const count = (result: autocannon.Result, status: number) =>
  Number(result.statusCodeStats?.[String(status) as "200"]?.count ?? 0)

export async function benchBooking() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-booking-"))
  const server = await startServer(dataDir, { ADMIN_PASSWORD })
  const out = (line: string) => process.stdout.write(`${line}\n`)
  let booked = 0
  try {
    // Other processes on a shared machine change req/s; requests per second of the server's
    // own CPU much less (as `npm run bench` says it).
    const perCpuSecond = async (work: () => Promise<autocannon.Result>) => {
      const before = cpuSeconds(server.pid!)
      const result = await work()
      const after = cpuSeconds(server.pid!)
      const cpu = before === null || after === null ? null : after - before
      return { result, perCpu: cpu ? Math.round(result.requests.total / cpu) : "n/a" }
    }
    // The default opening hours: a month of weekday slots, as a visitor reads them.
    const { result: reads, perCpu: readsPerCpu } = await perCpuSecond(() =>
      run({
        url: `${BASE}/api/booking/slots?type=demo`,
        connections: CONNECTIONS,
        duration: DURATION_S,
      }),
    )
    const readErrors = reads.errors + reads.timeouts + reads.non2xx
    const met =
      readErrors === 0 &&
      reads.requests.average >= READS_GOAL.rps &&
      reads.latency.p99 < READS_GOAL.p99Ms
    out(
      `\nGET /api/booking/slots?type=demo: ${Math.round(reads.requests.average)} req/s ` +
        `(${readsPerCpu} per server CPU-second), p50 ${reads.latency.p50} ms, p99 ${reads.latency.p99} ms, ${readErrors} errors, ` +
        `${Math.round(reads.throughput.average / Math.max(reads.requests.average, 1) / 1024)} KB ` +
        `an answer; goal >= ${READS_GOAL.rps} req/s, p99 < ${READS_GOAL.p99Ms} ms: ` +
        `${met ? "met" : "NOT met"}`,
    )

    // Round the clock and uncapped, so that the contested starts are all bookable.
    await openRoundTheClock(BASE)
    const grid = (await demoStarts(BASE)).slice(0, CONTESTED)
    let n = 0
    const started = Date.now()
    const { result: contention, perCpu: bookingsPerCpu } = await perCpuSecond(() =>
      run({
        url: `${BASE}/api/booking`,
        connections: CONNECTIONS,
        amount: ATTEMPTS,
        requests: [
          {
            method: "POST",
            headers: { "content-type": "application/json" },
            setupRequest: (request) => {
              const at = grid[Math.floor(Math.random() * grid.length)]
              return { ...request, body: JSON.stringify(bookingBody(`b${n++}@bench.example`, at)) }
            },
          },
        ],
      }),
    )
    const seconds = (Date.now() - started) / 1000
    booked = count(contention, 201)
    const taken = count(contention, 409)
    const other = contention.requests.total - booked - taken
    out(
      `POST /api/booking, ${CONNECTIONS} clients on ${grid.length} overlapping starts ` +
        `(30-minute grid, 45-minute meetings; at most ${apart(grid, 3_600_000).length} fit): ` +
        `${contention.requests.total} in ${seconds.toFixed(1)} s = ` +
        `${Math.round(contention.requests.total / seconds)} req/s (${bookingsPerCpu} per server ` +
        `CPU-second); ${booked} booked (201), ` +
        `${taken} slot_taken (409), ${other} other, ${contention.errors + contention.timeouts} ` +
        `errors; p50 ${contention.latency.p50} ms, p99 ${contention.latency.p99} ms`,
    )
  } finally {
    server.kill("SIGTERM")
    await new Promise((resolve) => server.once("exit", resolve))
  }

  const store = await withRaw({ dataDir, databaseUrl: null }, async (db) => ({
    meetings: (await storedMeetings(db)).length,
    half: Object.values(await halfBookings(db)).reduce((a, b) => a + b, 0),
  }))
  fs.rmSync(dataDir, { recursive: true, force: true })
  out(`Store: ${store.meetings} meetings for ${booked} acknowledged, ${store.half} half bookings.`)
  out(
    `${CONNECTIONS} connections, ${os.cpus().length} CPUs, load average ` +
      `${os.loadavg()[0].toFixed(1)}, SQLite WAL synchronous=FULL with group commit.\n`,
  )
  if (store.meetings !== booked || store.half !== 0) process.exitCode = 1
}
