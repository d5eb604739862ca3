import { collectDefaultMetrics, Counter, Histogram, Registry } from "prom-client"

/** Everything GET /metrics exposes: one registry per process, shared by every app it builds. */
export const registry = new Registry()

// Process CPU, memory, file descriptors, garbage collection and event-loop lag.
collectDefaultMetrics({ register: registry })

const SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

export const httpRequestDuration = new Histogram({
  name: "http_request_duration_seconds",
  help: "Time to answer HTTP requests, by method, route pattern and status",
  labelNames: ["method", "route", "status"] as const,
  buckets: SECONDS,
  registers: [registry],
})

export const messagesStored = new Counter({
  name: "messages_stored_total",
  help: "Contact messages durably stored, by kind (message or spam)",
  labelNames: ["kind"] as const,
  registers: [registry],
})

export const storeQueryDuration = new Histogram({
  name: "store_query_duration_seconds",
  help: "Time of store queries, by result (ok or error)",
  labelNames: ["result"] as const,
  buckets: SECONDS,
  registers: [registry],
})

const deliveries = new Counter({
  name: "mail_deliveries_total",
  help:
    "Mail and outbox delivery attempts, by kind (notification, " +
    "newsletter, webhook...) and result (sent, retry, failed)",
  labelNames: ["kind", "result"] as const,
  registers: [registry],
})

/** Counts one delivery attempt: `result` is "sent", "retry" (will be tried again) or "failed" (given up). */
export function recordDelivery(kind: string, result: "sent" | "retry" | "failed") {
  deliveries.inc({ kind, result })
}

type AudienceCounts = () => { stored: number; dropped: number; failed: number }
let audienceCounts: AudienceCounts | null = null

/** The audience's write queue whose counts GET /metrics reads (the app built last in this process). */
export function exposeAudienceCounts(read: AudienceCounts) {
  audienceCounts = read
}

new Counter({
  name: "audience_events_total",
  help:
    "Audience events accepted since start, by outcome: stored, dropped (the write queue was " +
    "full) or failed (the store refused the write)",
  labelNames: ["outcome"] as const,
  registers: [registry],
  // Read at each scrape from the queue's own counts, which the writes keep anyway.
  collect() {
    if (!audienceCounts) return
    const counts = audienceCounts()
    this.reset()
    for (const outcome of ["stored", "dropped", "failed"] as const)
      this.inc({ outcome }, counts[outcome])
  },
})
