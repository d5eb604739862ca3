import { type Kysely, sql } from "kysely"
import type { Dialect } from "../database"
import type { Clock } from "../query-helpers"
import { withoutWaitingForTheDisk } from "../relaxed-commit"
import type { AudienceEventsTable, Database } from "../schema"
import { dayOf } from "./days"
import { eventBuffer } from "./event-buffer"
import { EVENT_COLUMNS, type EventRow } from "./event-columns"
import { insertEvents } from "./event-insert"
import { audienceRollupRepository } from "./rollup"
import { saltsRepository } from "./salts"

/** Whole months before `at`, as a day number: where the rollups' retention ends. */
const monthsBeforeDay = (at: number, months: number) => {
  const date = new Date(at)
  date.setUTCMonth(date.getUTCMonth() - months)
  return dayOf(date.getTime())
}

/**
 * The audience's store: raw events written in batches (one insert per batch, as contact
 * messages share commits), their daily rollups (rollup.ts) and the salts (salts.ts).
 */
export function audienceRepository(db: Kysely<Database>, dialect: Dialect, now: Clock) {
  const salts = saltsRepository(db, now)
  const rollups = audienceRollupRepository(db, now)
  const buffer = eventBuffer<AudienceEventsTable>((rows) =>
    withoutWaitingForTheDisk(db, dialect, (conn) => insertEvents(conn, dialect, rows)),
  )

  /** The events of `fromDay` to `toDay` included, oldest first. */
  const eventsOf = (fromDay: number, toDay: number): Promise<EventRow[]> =>
    db
      .selectFrom("audience_events")
      .select(EVENT_COLUMNS)
      .where("day", ">=", fromDay)
      .where("day", "<=", toDay)
      .orderBy("day")
      .orderBy("at")
      .execute()

  return {
    salts,
    /** Queues an event for the next write; false when the queue is full and the event dropped. */
    record: buffer.push,
    /** Resolves once every queued event is stored (or failed): shutdown and tests wait for it. */
    drained: buffer.drained,
    /** Writes, events stored, dropped (queue full) and failed since start. */
    counts: buffer.counts,
    eventsOf,

    ...rollups,

    /** Raw events older than `eventDays` days and rollups older than `rollupMonths` months go, a day at a time. */
    async purge(
      eventDays: number,
      rollupMonths: number,
    ): Promise<{ events: number; rollups: number; salts: number }> {
      const at = now()
      const deleteDays = async (table: "audience_events" | "audience_daily", before: number) => {
        const days = await db
          .selectFrom(table)
          .select("day")
          .distinct()
          .where("day", "<", before)
          .execute()
        let deleted = 0
        for (const { day } of days)
          deleted += Number(
            (await db.deleteFrom(table).where("day", "=", day).executeTakeFirst()).numDeletedRows,
          )
        return deleted
      }
      const events = await deleteDays("audience_events", dayOf(at) - eventDays + 1)
      const rollups = await deleteDays("audience_daily", monthsBeforeDay(at, rollupMonths))
      return { events, rollups, salts: await salts.deleteOld() }
    },

    /** How many raw events the store holds (operations, tests). */
    async size(): Promise<number> {
      const row = await db
        .selectFrom("audience_events")
        .select(sql<number>`count(*)`.as("n"))
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },
  }
}

export type AudienceRepository = ReturnType<typeof audienceRepository>
