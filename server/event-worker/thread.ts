import path from "node:path"
import { Worker } from "node:worker_threads"
import { REPOSITORY } from "../../content-kit/repository"
import { bundledEntry, ENTRIES, RUNNING_BUNDLED } from "../bundle/entries"
import type { Config } from "../config"
import type { RateLimit } from "../store/sliding-window"

/** What the event port's thread is given (main.ts). */
export interface IngestThreadData {
  host: string
  port: number
  trustProxy: number
  eventRateLimit: RateLimit | null
  apiUrl: string | null
  databaseUrl: string | null
  dataDir: string
}

export interface WriteCounts {
  stored: number
  dropped: number
  failed: number
}

/** What it says back: its port once it listens, its write counts, a failure, its end. */
export type IngestThreadMessage =
  | { kind: "listening"; port: number }
  | { kind: "counts"; counts: WriteCounts }
  | { kind: "error"; message: string }
  | { kind: "failed"; message: string }
  | { kind: "closed" }

export interface IngestThread {
  port: number
  /** The thread's write counts, as of its last report (every two seconds, and at its end). */
  counts(): WriteCounts
  /** Stops accepting, lets the posts in flight finish, writes what is queued and closes. */
  close(): Promise<void>
}

/** The store's own write counts and the thread's, summed: what /metrics shows. */
export function withThreadCounts(own: () => WriteCounts, thread: IngestThread) {
  return (): WriteCounts => {
    const [mine, its] = [own(), thread.counts()]
    return {
      stored: mine.stored + its.stored,
      dropped: mine.dropped + its.dropped,
      failed: mine.failed + its.failed,
    }
  }
}

interface Log {
  warn(object: object, message: string): void
}

/** How long close() waits for the thread to finish before ending it anyway. */
const CLOSE_TIMEOUT_MS = 10_000

/** The thread from the TypeScript sources, loaded through tsx as its process loads them. */
function workerFromSources(workerData: unknown): Worker {
  const source = JSON.stringify(path.join(REPOSITORY, ENTRIES["event-worker"]))
  return new Worker(`require("tsx/cjs"); require(${source})`, { eval: true, workerData })
}

/**
 * EVENT_PORT: POST /api/event on a port of its own, served by a worker thread with its own
 * connection to the store. The beacon's whole cost (sockets, parsing, validation, the bot and
 * flood checks, the visitor key, the batched writes) then runs beside the main thread instead
 * of on it, at a lower priority, so that a burst of events delays a contact POST as little as
 * the store allows (docs/AUDIENCE.md, "Where the events are taken"). nginx sends /api/event
 * to it (docs/OPERATIONS.md).
 */
export function startIngestThread(config: Config, log: Log): Promise<IngestThread> {
  const data: IngestThreadData = {
    host: config.host,
    port: config.eventPort ?? 0,
    trustProxy: config.trustProxy,
    eventRateLimit: config.eventRateLimit,
    apiUrl: config.apiUrl,
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
  }
  // Started from the bundle, the thread runs the bundle's event-worker.js; from the sources (the
  // tests in jest, `tsx server/main.ts`), it loads its TypeScript through tsx as its process does.
  const worker = RUNNING_BUNDLED
    ? new Worker(bundledEntry("event-worker"), { workerData: data })
    : workerFromSources(data)
  let counts: WriteCounts = { stored: 0, dropped: 0, failed: 0 }
  let closed = () => {}
  const closing = new Promise<void>((resolve) => (closed = resolve))
  return new Promise((resolve, reject) => {
    worker.on("message", (message: IngestThreadMessage) => {
      switch (message.kind) {
        case "listening":
          resolve({
            port: message.port,
            counts: () => counts,
            async close() {
              worker.postMessage("close")
              const timeout = setTimeout(closed, CLOSE_TIMEOUT_MS)
              await closing
              clearTimeout(timeout)
              await worker.terminate()
            },
          })
          break
        case "counts":
          counts = message.counts
          break
        case "error":
          log.warn({ message: message.message }, "event port: request failed")
          break
        case "failed":
          // Before listening: the start fails (a port in use). After: the close could not finish.
          reject(new Error(`EVENT_PORT ${data.port}: ${message.message}`))
          log.warn({ message: message.message }, "event port failed")
          closed()
          break
        case "closed":
          closed()
          break
      }
    })
    worker.once("error", (error) => {
      reject(error)
      closed()
    })
  })
}
