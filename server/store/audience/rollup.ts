import { type Kysely, sql } from "kysely"
import type { Clock } from "../query-helpers"
import type { Database } from "../schema"
import { dayOf } from "./days"
import type { DailyRow } from "./event-columns"

/** Rows per insert: 16 columns each stays under SQLite's and PostgreSQL's limits on parameters. */
const BATCH_ROWS = 1000

/**
 * The audience's daily rollups: which finished days wait for one, a day's rows written with its
 * marker, and the stored counts of a range. What a day's rows hold is the audience's rule
 * (server/audience/aggregate.ts, applied by server/audience/rollup.ts).
 */
export function audienceRollupRepository(db: Kysely<Database>, now: Clock) {
  return {
    /** The finished days that have raw events and no rollup yet. */
    async daysToRollUp(): Promise<number[]> {
      const pending = await db
        .selectFrom("audience_events")
        .select("day")
        .distinct()
        .where("day", "<", dayOf(now()))
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
      return pending.map(({ day }) => day)
    },

    /**
     * A day's rollup, in one transaction: its rows and its marker (a row of dimension `day`)
     * together, so a crash leaves the day to do again.
     */
    async writeRollup(day: number, rows: DailyRow[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom("audience_daily").where("day", "=", day).execute()
        for (let i = 0; i < rows.length; i += BATCH_ROWS)
          await trx
            .insertInto("audience_daily")
            .values(rows.slice(i, i + BATCH_ROWS))
            .execute()
      })
    },

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
  }
}
