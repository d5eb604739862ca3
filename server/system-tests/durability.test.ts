import http from "node:http"
import { apart, bookingBody, demoStarts, openRoundTheClock } from "../test/booking-requests"
import { halfBookings, NO_HALF_BOOKING, storedMeetings } from "../test/booking-store"
import {
  contactMessage,
  postMessage,
  type ServerProcess,
  startServer,
  storedMessages,
} from "../test/server-process"
import { describeEachStore, freshStoreLocation, withRaw } from "../test/stores"

// Acknowledged messages (bookings) before the kill. The senders keep sending until the
// process is gone, so the kill always finds requests in flight.
const ACKNOWLEDGED_BEFORE_KILL = 200
const BOOKINGS_BEFORE_KILL = 60
const HOUR = 3_600_000
const CONCURRENCY = 16

const refused = (error: unknown) => (error as NodeJS.ErrnoException).code === "ECONNREFUSED"

/** What a burst of requests cut by a SIGKILL left: acknowledged ids and what else happened. */
interface Burst {
  acknowledged: Map<string, string> // id -> what was sent
  unexpected: string[]
  sent: number
  cutOff: number
}

/**
 * Concurrent senders post `body(n)` to `path` until the process is gone, so that acknowledged
 * requests share group commits and some commits are under way when it dies; the SIGKILL comes
 * once `beforeKill` are acknowledged. `label(n)` names request n in `acknowledged`.
 */
async function burstThenKill(
  server: ServerProcess,
  path: string,
  body: (n: number) => object,
  label: (n: number) => string,
  beforeKill: number,
): Promise<Burst> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY })
  const burst: Burst = { acknowledged: new Map(), unexpected: [], sent: 0, cutOff: 0 }
  let dead = false
  const sender = async () => {
    while (!dead) {
      const n = burst.sent++
      try {
        const answer = await postMessage(server.port, body(n), agent, 15_000, path)
        if (answer.status === 201) burst.acknowledged.set(answer.body.id, label(n))
        else burst.unexpected.push(`${answer.status} ${JSON.stringify(answer.body)}`)
      } catch (error) {
        // Refused: sent after the process was gone. Anything else: in flight when it died.
        if (!refused(error)) burst.cutOff++
      }
    }
  }
  const senders = Array.from({ length: CONCURRENCY }, sender)
  try {
    for (
      const start = Date.now();
      burst.acknowledged.size < beforeKill && server.child.exitCode === null;
      await new Promise((r) => setTimeout(r, 2))
    ) {
      if (Date.now() - start > 30_000)
        throw new Error(`only ${burst.acknowledged.size} requests acknowledged in 30 s`)
    }
    expect((await server.kill("SIGKILL")).signal).toBe("SIGKILL")
  } finally {
    dead = true
    await Promise.all(senders)
    agent.destroy()
  }
  expect(burst.unexpected).toEqual([])
  // The kill came with requests in flight, and it reached the server itself: nothing answers any more.
  expect(burst.cutOff).toBeGreaterThan(0)
  expect(
    await fetch(`${server.base}/healthz`).then(
      () => "answered",
      () => "refused",
    ),
  ).toBe("refused")
  return burst
}

describeEachStore("durability", (kind) => {
  let location: Awaited<ReturnType<typeof freshStoreLocation>>
  let server: ServerProcess | undefined
  const env = () => ({ DATA_DIR: location.dataDir, DATABASE_URL: location.databaseUrl ?? "" })
  beforeEach(async () => {
    location = await freshStoreLocation(kind)
    server = await startServer(env())
  })
  afterEach(async () => {
    await server?.kill("SIGKILL")
    await location.drop()
  })

  it(`keeps every acknowledged message, once, after a SIGKILL in the middle of a burst`, async () => {
    const { acknowledged, sent } = await burstThenKill(
      server!,
      "/SendMessage",
      (n) => contactMessage(`Sender ${n}`),
      (n) => `Sender ${n}`,
      ACKNOWLEDGED_BEFORE_KILL,
    )
    const restarted = await startServer(env(), server!.port)
    try {
      const stored = await storedMessages(restarted.base)
      const storedIds = new Set(stored.map((m) => m.id))
      expect([...acknowledged.keys()].filter((id) => !storedIds.has(id))).toEqual([])
      // Each request stored at most once, and each acknowledged one under its own id.
      expect(stored.length).toBe(new Set(stored.map((m) => m.name)).size)
      expect(stored.length).toBeLessThanOrEqual(sent)
      for (const m of stored)
        if (acknowledged.has(m.id)) expect(m.name).toBe(acknowledged.get(m.id))
      expect(stored.filter((m) => m.status !== "unread")).toEqual([])
    } finally {
      // A graceful stop: requests finished, store closed, exit status 0.
      expect(await restarted.kill("SIGTERM")).toEqual({ code: 0, signal: null })
    }
  }, 60_000)

  it(`keeps every acknowledged booking whole (lead, meeting, cells, mails) after a SIGKILL`, async () => {
    // Hourly slots round the clock, one per request: every booking that gets in is a 201.
    await openRoundTheClock(server!.base)
    const starts = apart(await demoStarts(server!.base), HOUR)
    const { acknowledged } = await burstThenKill(
      server!,
      "/api/booking",
      (n) => bookingBody(`booker${n}@example.com`, starts[n % starts.length]),
      (n) => String(starts[n % starts.length]),
      BOOKINGS_BEFORE_KILL,
    )
    const restarted = await startServer(env(), server!.port)
    expect(await restarted.kill("SIGTERM")).toEqual({ code: 0, signal: null })
    await withRaw(location, async (db) => {
      const stored = new Map((await storedMeetings(db)).map((m) => [m.id, m]))
      for (const [id, start] of acknowledged) {
        const meeting = stored.get(id)
        expect(meeting && { ...meeting, start: String(meeting.start_at) }).toMatchObject({
          start,
          // 30 min and 15 min of buffer; booked mails and 1 h reminders to both people.
          cells: 3,
          mails: expect.any(Number),
        })
        expect(meeting!.mails).toBeGreaterThanOrEqual(4)
      }
      expect(await halfBookings(db)).toEqual(NO_HALF_BOOKING)
    })
  }, 90_000)
})
