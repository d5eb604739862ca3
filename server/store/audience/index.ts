import { type Kysely, sql } from "kysely"
import { aggregate, type DailyRow, EVENT_COLUMNS, type EventRow } from "../../audience/aggregate"
import type { Dialect } from "../database"
import type { Clock } from "../query-helpers"
import { withoutWaitingForTheDisk } from "../relaxed-commit"
import type { AudienceEventsTable, Database } from "../schema"
import { dayOf } from "./days"
import { eventBuffer } from "./event-buffer"
import { insertEvents } from "./event-insert"
import { saltsRepository } from "./salts"

/** Rows per insert: 16 columns each stays under SQLite's and PostgreSQL's limits on parameters. */
const BATCH_ROWS = 1000

/** Whole months before `at`, as a day number: where the rollups' retention ends. */
const monthsBeforeDay = (at: number, months: number) => {
  const date = new Date(at)
  date.setUTCMonth(date.getUTCMonth() - months)
  return dayOf(date.getTime())
}

/**
 * The audience's store: raw events written in batches (one insert per batch, as contact
 * messages share commits), their daily rollups, and the salts (salts.ts).
 */
export function audienceRepository(db: Kysely<Database>, dialect: Dialect, now: Clock) {
  const salts = saltsRepository(db, now)
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

  const insertDaily = async (trx: Kysely<Database>, rows: DailyRow[]) => {
    for (let i = 0; i < rows.length; i += BATCH_ROWS)
      await trx
        .insertInto("audience_daily")
        .values(rows.slice(i, i + BATCH_ROWS))
        .execute()
  }

  return {
    salts,
    /** Queues an event for the next write; false when the queue is full and the event dropped. */
    record: buffer.push,
    /** Resolves once every queued event is stored (or failed): shutdown and tests wait for it. */
    drained: buffer.drained,
    /** Writes, events stored, dropped (queue full) and failed since start. */
    counts: buffer.counts,
    eventsOf,

    /**
     * The stored counts of `fromDay` to `toDay` summed in the store, per dimension and key (the
     * totals per day as well, for the chart; other rows get day -1), and which days are rolled up.
     */
    async dailyRows(
      fromDay: number,
      toDay: number,
      language: string | null,
    ): Promise<{ rows: DailyRow[]; rolledDays: Set<number> }> {
      const rolled = await db
        .selectFrom("audience_daily")
        .select("day")
        .where("dimension", "=", "day")
        .where("day", ">=", fromDay)
        .where("day", "<=", toDay)
        .execute()
      const day = sql<number>`case when dimension = 'total' then day else -1 end`
      let query = db
        .selectFrom("audience_daily")
        .select([
          day.as("day"),
          "dimension",
          "key",
          sql<number>`sum(visitors)`.as("visitors"),
          sql<number>`sum(views)`.as("views"),
          sql<number>`sum(time_ms)`.as("time_ms"),
          sql<number>`sum(samples)`.as("samples"),
        ])
        .where("day", ">=", fromDay)
        .where("day", "<=", toDay)
        .where("dimension", "!=", "day")
        .groupBy([day, "dimension", "key"])
      if (language) query = query.where("language", "=", language)
      const rows = (await query.execute()).map((row) => ({
        ...row,
        language: language ?? "",
        day: Number(row.day),
        visitors: Number(row.visitors),
        views: Number(row.views),
        time_ms: Number(row.time_ms),
        samples: Number(row.samples),
      }))
      return { rows, rolledDays: new Set(rolled.map((row) => row.day)) }
    },

    /**
     * Rolls up every finished day that has raw events and no rollup yet, one transaction per
     * day (the rows and the day's marker together, so a crash leaves the day to do again).
     */
    async rollUp(): Promise<number> {
      const today = dayOf(now())
      const pending = await db
        .selectFrom("audience_events")
        .select("day")
        .distinct()
        .where("day", "<", today)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("audience_daily")
                .select("day")
                .whereRef("audience_daily.day", "=", "audience_events.day")
                .where("dimension", "=", "day"),
            ),
          ),
        )
        .execute()
      for (const { day } of pending) {
        const rows = aggregate(await eventsOf(day, day))
        await db.transaction().execute(async (trx) => {
          await trx.deleteFrom("audience_daily").where("day", "=", day).execute()
          await insertDaily(trx, rows)
        })
      }
      return pending.length
    },

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
