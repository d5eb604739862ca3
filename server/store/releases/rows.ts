import type { Selectable } from "kysely"
import type { ReleasesTable } from "../schema"

export type ReleaseRow = Selectable<ReleasesTable>
export type NewRelease = Pick<
  ReleaseRow,
  "id" | "kind" | "trigger" | "actor" | "started_at" | "preview_token"
>
export type Finished = Pick<
  ReleaseRow,
  "status" | "commit" | "content_hash" | "error" | "error_code" | "next_due_at"
>

/** What is waiting for the next build: the latest request wins, its trigger and who asked. */
export interface NewPending {
  trigger: string
  actor: string | null
}

export interface PendingRequest extends NewPending {
  /** When it was asked (ms): the admin and `npm run publish -- --list` show it. */
  asked_at: number
}

/** The lock taken: from the holder whose lock had expired, or null when it was free. */
export interface Taken {
  from: string | null
}

export interface LockState {
  holder: string | null
  heldUntil: number
  pending: PendingRequest | null
}

export const parsePending = (text: string | null): PendingRequest | null => {
  if (!text) return null
  const parsed = JSON.parse(text) as NewPending & { asked_at?: number }
  // Recorded before asked_at was: shown as asked at an unknown time (0).
  return { trigger: parsed.trigger, actor: parsed.actor, asked_at: parsed.asked_at ?? 0 }
}

export const LIVE = "live"
export const PUBLISHER = "publisher"

/** PostgreSQL answers bigint columns as strings. */
export const asRelease = (row: ReleaseRow): ReleaseRow => ({
  ...row,
  started_at: Number(row.started_at),
  finished_at: row.finished_at === null ? null : Number(row.finished_at),
  next_due_at: row.next_due_at === null ? null : Number(row.next_due_at),
})
