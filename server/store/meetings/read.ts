import { type Kysely, sql } from "kysely"
import type { Database } from "../schema"
import type { BookedMeeting } from "./booking-types"
import type { MeetingRecord } from "./meeting-record"
import { recordQuery, toMeetingRecord } from "./rows"

/** Statuses of a meeting that holds its slot. */
const ACTIVE = ["booked", "rescheduled"] as const

export type MemberLoad = { upcoming: number; lastAssignedAt: number | null }

export function meetingReads(db: Kysely<Database>) {
  const records = async (query: ReturnType<typeof recordQuery>) =>
    (await query.orderBy("meetings.start_at").orderBy("meetings.id").execute()).map(toMeetingRecord)
  return {
    async get(id: string): Promise<MeetingRecord | null> {
      const row = await recordQuery(db).where("meetings.id", "=", id).executeTakeFirst()
      return row ? toMeetingRecord(row) : null
    },

    /** The meeting of a manage link's token (by its hash), with when the link stops working. */
    async byTokenHash(hash: string) {
      const row = await recordQuery(db)
        .where((eb) =>
          eb.or([
            eb("meetings.token_hash", "=", hash),
            eb(
              "meetings.id",
              "in",
              eb.selectFrom("meeting_tokens").select("meeting_id").where("token_hash", "=", hash),
            ),
          ]),
        )
        .executeTakeFirst()
      return row ? { meeting: toMeetingRecord(row), expiresAt: Number(row.token_expires_at) } : null
    },

    /** Meetings starting in [from, to), any status, by start. */
    between: (from: number, to: number) =>
      records(
        recordQuery(db).where("meetings.start_at", ">=", from).where("meetings.start_at", "<", to),
      ),

    /** A member's booked meetings that have not ended, by start: their calendar feed. */
    upcomingForMember: (memberId: string, at: number) =>
      records(
        recordQuery(db)
          .where("meetings.member_id", "=", memberId)
          .where("meetings.status", "in", ACTIVE)
          .where("meetings.end_at", ">", at),
      ),

    /** How many booked meetings still to come an address holds (the three-meetings rule). */
    async upcomingForEmail(email: string, at: number): Promise<number> {
      const row = await db
        .selectFrom("meetings")
        .innerJoin("messages", "messages.id", "meetings.message_id")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where(sql<string>`lower(messages.email)`, "=", email.trim().toLowerCase())
        .where("meetings.status", "in", ACTIVE)
        .where("meetings.start_at", ">", at)
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },

    /** What the slots are computed from: every meeting holding time after `at`, and each
     * member's load for the round robin (upcoming meetings, latest assignment). */
    async busy(
      at: number,
    ): Promise<{ booked: (BookedMeeting & { id: string })[]; load: Map<string, MemberLoad> }> {
      const [rows, latest] = await Promise.all([
        db
          .selectFrom("meetings")
          .select(["id", "member_id", "type", "start_at", "free_at"])
          .where("status", "in", ACTIVE)
          .where("free_at", ">", at)
          .execute(),
        db
          .selectFrom("meetings")
          .select(["member_id", (eb) => eb.fn.max("created_at").as("last")])
          .groupBy("member_id")
          .execute(),
      ])
      const load = new Map<string, MemberLoad>()
      for (const row of latest)
        load.set(row.member_id, { upcoming: 0, lastAssignedAt: Number(row.last) })
      for (const row of rows) {
        const entry = load.get(row.member_id) ?? { upcoming: 0, lastAssignedAt: null }
        load.set(row.member_id, { ...entry, upcoming: entry.upcoming + 1 })
      }
      const booked = rows.map((row) => ({
        id: row.id,
        memberId: row.member_id,
        typeKey: row.type,
        start: Number(row.start_at),
        end: Number(row.free_at),
      }))
      return { booked, load }
    },

    /** The meetings of some leads (a person's data export). */
    forMessages: (messageIds: string[]) =>
      messageIds.length === 0
        ? Promise.resolve([])
        : records(recordQuery(db).where("meetings.message_id", "in", messageIds)),
  }
}
