import { randomUUID } from "node:crypto"
import type { FastifyBaseLogger } from "fastify"
import type { OutboxRepository, OutboxRow } from "../store/outbox"
import type { Clock } from "../store/query-helpers"
import type { OutboxKind } from "../store/schema"
import { DEFAULT_RETRY, retryDelay, type RetryPolicy } from "./backoff"
import { errorText, type Outcome, type RecordDelivery, retry, type Sender } from "./delivery"

export interface WorkerOptions {
  retry?: RetryPolicy
  leaseMs: number
  /** Longest sleep between two looks at the table (other instances enqueue too). */
  pollMs?: number
  /** Rows taken, and sent in parallel, at once. */
  batch?: number
  recordDelivery?: RecordDelivery
}

export interface OutboxWorker {
  /** The kinds this process can deliver (mail needs SMTP_URL). */
  kinds: readonly OutboxKind[]
  start(): void
  /** Looks at the table now rather than at the next poll. */
  wake(): void
  /** Stops between sends: the sends under way finish (each is bounded), no new one starts. */
  stop(): Promise<void>
}

const noRecord: RecordDelivery = () => {}

/**
 * Delivers the outbox: leases due rows, sends each, and records the outcome. A crash between
 * the lease and the outcome leaves the row pending; once the lease runs out another worker
 * (or this one restarted) sends it again with the same delivery id: at least once.
 */
export function createOutboxWorker(
  repository: OutboxRepository,
  senders: Partial<Record<OutboxKind, Sender>>,
  log: FastifyBaseLogger,
  now: Clock,
  options: WorkerOptions,
): OutboxWorker {
  const policy = options.retry ?? DEFAULT_RETRY
  const pollMs = options.pollMs ?? 5_000
  const batch = options.batch ?? 20
  const record = options.recordDelivery ?? noRecord
  const kinds = Object.keys(senders) as OutboxKind[]
  const id = randomUUID()
  let stopped = true
  let loop: Promise<void> | null = null
  let wakeUp: (() => void) | null = null
  let woken = false

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken || stopped) return resolve()
      const timer = setTimeout(done, Math.max(0, ms))
      function done() {
        clearTimeout(timer)
        wakeUp = null
        resolve()
      }
      wakeUp = done
    })

  async function attempt(row: OutboxRow): Promise<Outcome> {
    try {
      return await senders[row.kind]!(row)
    } catch (error) {
      return retry(errorText(error))
    }
  }

  async function deliver(row: OutboxRow) {
    const started = now()
    const outcome = await attempt(row)
    const attempts = Number(row.attempts)
    const exhausted = outcome.result === "retry" && attempts >= policy.maxAttempts
    const result = exhausted ? "failed" : outcome.result
    record(row.kind, result, now() - started)
    if (outcome.result === "sent") return repository.markSent(row.id, id)
    const context = { deliveryId: row.id, kind: row.kind, attempt: attempts, error: outcome.error }
    if (result === "failed") {
      log.error(context, "outbox delivery failed for good")
      return repository.markFailed(row.id, id, outcome.error)
    }
    const delay = Math.min(
      policy.ceilingMs,
      Math.max(
        retryDelay(attempts, policy),
        outcome.result === "retry" ? (outcome.retryAfterMs ?? 0) : 0,
      ),
    )
    log.warn({ ...context, retryInMs: delay }, "outbox delivery will be retried")
    return repository.reschedule(row.id, id, now() + delay, outcome.error)
  }

  // Up to `batch` sends at once; a slot that frees up is filled at once, so one slow peer
  // holds only its own rows back.
  const inFlight = new Map<string, Promise<void>>()

  const renewLeases = () => {
    if (inFlight.size === 0) return
    repository
      .renew([...inFlight.keys()], id, options.leaseMs)
      .catch((error) => log.warn({ err: error }, "outbox lease renewal failed"))
  }

  async function run() {
    // A slow send keeps its lease for as long as it lasts.
    const renewal = setInterval(renewLeases, options.leaseMs / 3)
    try {
      while (!stopped) {
        woken = false
        try {
          const free = batch - inFlight.size
          // Claim when half the slots are free (or all are): one claim per few sends, not per
          // send. Otherwise wait for a send to end (it wakes the loop).
          if (free < Math.ceil(batch / 2) && inFlight.size > 0) {
            await sleep(pollMs)
            continue
          }
          const rows = await repository.claim(kinds, free, id, options.leaseMs)
          for (const row of rows) {
            const sending = deliver(row)
              .catch((error) =>
                log.error({ err: error, deliveryId: row.id }, "outbox bookkeeping failed"),
              )
              .finally(() => {
                inFlight.delete(row.id)
                wake()
              })
            inFlight.set(row.id, sending)
          }
          if (rows.length === free) continue
          const next = await repository.nextDueAt(kinds)
          await sleep(next === null ? pollMs : Math.min(pollMs, next - now() + 5))
        } catch (error) {
          log.error({ err: error }, "outbox worker could not reach the store")
          await sleep(pollMs)
        }
      }
      await Promise.all(inFlight.values())
    } finally {
      clearInterval(renewal)
    }
  }

  function wake() {
    woken = true
    wakeUp?.()
  }

  return {
    kinds,
    start() {
      if (kinds.length === 0 || !stopped) return
      stopped = false
      loop = run()
    },
    wake,
    async stop() {
      stopped = true
      wakeUp?.()
      await loop
    },
  }
}
