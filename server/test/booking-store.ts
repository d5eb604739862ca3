import { type Kysely, sql } from "kysely"
import type { Database } from "../store/schema"

// What the booking tests under load check in the store itself (the answers could lie).

/**
 * Half bookings, each of which must be none: a meeting without its cells, cells without
 * their meeting, a meeting lead without its meeting, a meeting mail without its meeting.
 */
export async function halfBookings(db: Kysely<Database>) {
  const count = async (query: string) =>
    Number((await sql<{ n: number }>`${sql.raw(query)}`.execute(db)).rows[0].n)
  return {
    meetingsWithoutCells: await count(
      "select count(*) as n from meetings m where m.status <> 'cancelled' and not exists " +
        "(select 1 from meeting_cells c where c.meeting_id = m.id)",
    ),
    cellsWithoutMeeting: await count(
      "select count(*) as n from meeting_cells c where not exists " +
        "(select 1 from meetings m where m.id = c.meeting_id)",
    ),
    leadsWithoutMeeting: await count(
      "select count(*) as n from messages l where l.kind = 'meeting' and l.spam_reason is null " +
        "and not exists (select 1 from meetings m where m.message_id = l.id)",
    ),
    mailsWithoutMeeting: await count(
      "select count(*) as n from outbox o where o.kind = 'meeting_mail' and not exists " +
        "(select 1 from meetings m where m.message_id = o.message_id)",
    ),
  }
}

export const NO_HALF_BOOKING = {
  meetingsWithoutCells: 0,
  cellsWithoutMeeting: 0,
  leadsWithoutMeeting: 0,
  mailsWithoutMeeting: 0,
}

/** The meetings (those that start at `start`), each with its number of cells and of mails. */
export async function storedMeetings(db: Kysely<Database>, start?: number) {
  const rows = await db
    .selectFrom("meetings")
    .select((eb) => [
      "id",
      "message_id",
      "start_at",
      eb
        .selectFrom("meeting_cells")
        .select(eb.fn.countAll().as("n"))
        .whereRef("meeting_cells.meeting_id", "=", "meetings.id")
        .as("cells"),
      eb
        .selectFrom("outbox")
        .select(eb.fn.countAll().as("n"))
        .whereRef("outbox.message_id", "=", "meetings.message_id")
        .where("outbox.kind", "=", "meeting_mail")
        .as("mails"),
    ])
    .$if(start !== undefined, (query) => query.where("start_at", "=", start!))
    .execute()
  return rows.map((row) => ({
    ...row,
    start_at: Number(row.start_at),
    cells: Number(row.cells),
    mails: Number(row.mails),
  }))
}
