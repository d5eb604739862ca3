import type { Kysely } from "kysely"
import type { Clock } from "./query-helpers"
import type { Database } from "./schema"

/**
 * Lets one instance among those sharing the store run a periodic job: a conditional update
 * of the job's row, which one instance wins per period on SQLite and PostgreSQL alike. No
 * lock is held while the job runs, so an instance killed mid-job only delays the next run.
 */
export function periodicRunsRepository(db: Kysely<Database>, now: Clock) {
  return {
    /** True when this call claimed the run of `name` due every `periodMs`. */
    async claim(name: string, periodMs: number, instance: string): Promise<boolean> {
      const at = now()
      await db
        .insertInto("periodic_runs")
        .values({ name, last_run_at: 0, runs: 0, last_instance: null })
        .onConflict((oc) => oc.column("name").doNothing())
        .execute()
      const result = await db
        .updateTable("periodic_runs")
        .set((eb) => ({ last_run_at: at, runs: eb("runs", "+", 1), last_instance: instance }))
        .where("name", "=", name)
        .where("last_run_at", "<=", at - periodMs)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    /**
     * A write of about a contact message's size (the `write-probe` row, 16 KB of filler in its
     * last_instance), to learn whether the store accepts writes again after a full disk.
     */
    async writeProbe(): Promise<void> {
      const row = {
        name: "write-probe",
        last_run_at: now(),
        runs: 0,
        last_instance: "x".repeat(16 * 1024),
      }
      await db
        .insertInto("periodic_runs")
        .values(row)
        .onConflict((oc) =>
          oc
            .column("name")
            .doUpdateSet({ last_run_at: row.last_run_at, last_instance: row.last_instance }),
        )
        .execute()
    },

    async get(
      name: string,
    ): Promise<{ runs: number; lastRunAt: number; lastInstance: string | null } | null> {
      const row = await db
        .selectFrom("periodic_runs")
        .selectAll()
        .where("name", "=", name)
        .executeTakeFirst()
      return row
        ? {
            runs: Number(row.runs),
            lastRunAt: Number(row.last_run_at),
            lastInstance: row.last_instance,
          }
        : null
    },
  }
}
