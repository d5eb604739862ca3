import type { OutboxRow } from "../store/outbox"
import type { OutboxKind } from "../store/schema"

/** What one attempt led to: delivered, worth another try later, or refused for good. */
export type Outcome =
  | { result: "sent" }
  | { result: "retry"; error: string; retryAfterMs?: number }
  | { result: "failed"; error: string }

export type DeliveryResult = Outcome["result"]

/** Makes one attempt at a row. A thrown error counts as "retry". */
export type Sender = (row: OutboxRow) => Promise<Outcome>

/** Told of every attempt (metrics hook up here; the default does nothing). */
export type RecordDelivery = (kind: OutboxKind, result: DeliveryResult, durationMs: number) => void

export const sent = (): Outcome => ({ result: "sent" })
export const retry = (error: string, retryAfterMs?: number): Outcome => ({
  result: "retry",
  error,
  retryAfterMs,
})
export const failed = (error: string): Outcome => ({ result: "failed", error })

export const errorText = (error: unknown) =>
  error instanceof Error
    ? `${(error as NodeJS.ErrnoException).code ?? error.name}: ${error.message}`
    : String(error)
