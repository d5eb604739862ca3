import { createHash } from "node:crypto"
import type { Kysely, Selectable } from "kysely"
import type { Database, MeetingsTable } from "../schema"
import type { MeetingRecord } from "./meeting-record"

/** A quarter hour: the grain of the cells that forbid double bookings. */
export const CELL_MS = 15 * 60_000

export const sha256 = (token: string) => createHash("sha256").update(token).digest("hex")

/** Every quarter hour a member is taken from `start` until `freeAt` (end plus buffer). */
export function cellsOf(meeting: { id: string; memberId: string; start: number; freeAt: number }) {
  const cells: { member_id: string; cell_start: number; meeting_id: string }[] = []
  const first = Math.floor(meeting.start / CELL_MS) * CELL_MS
  for (let at = first; at < meeting.freeAt; at += CELL_MS)
    cells.push({ member_id: meeting.memberId, cell_start: at, meeting_id: meeting.id })
  return cells
}

/** A primary-key or unique violation on SQLite or PostgreSQL: here, a cell already taken. */
export function isUniqueViolation(error: unknown): boolean {
  const code = String((error as { code?: unknown } | null)?.code ?? "")
  return (
    code === "23505" ||
    code === "SQLITE_CONSTRAINT_PRIMARYKEY" ||
    code === "SQLITE_CONSTRAINT_UNIQUE"
  )
}

/** The meetings joined with their lead and member, as MeetingRecord reads them. */
export const recordQuery = (db: Kysely<Database>) =>
  db
    .selectFrom("meetings")
    .innerJoin("messages", "messages.id", "meetings.message_id")
    .leftJoin("admin_users", "admin_users.id", "meetings.member_id")
    .leftJoin("booking_members", "booking_members.member_id", "meetings.member_id")
    .selectAll("meetings")
    .select([
      "messages.name",
      "messages.email",
      "messages.company",
      "admin_users.username",
      "booking_members.email as member_email",
      "booking_members.zone as member_zone",
    ])

export type RecordRow = Selectable<MeetingsTable> & {
  name: string
  email: string
  company: string | null
  username: string | null
  member_email: string | null
  member_zone: string | null
}

export const toMeetingRecord = (row: RecordRow): MeetingRecord => ({
  id: row.id,
  messageId: row.message_id,
  type: row.type,
  status: row.status,
  start: Number(row.start_at),
  end: Number(row.end_at),
  zone: row.zone,
  language: row.language,
  name: row.name,
  email: row.email,
  company: row.company,
  member: {
    id: row.member_id,
    // A member whose account is gone keeps their meetings, under no name.
    username: row.username ?? "",
    email: row.member_email,
    zone: row.member_zone ?? "Europe/Paris",
  },
  uid: row.uid,
  sequence: Number(row.sequence),
})
