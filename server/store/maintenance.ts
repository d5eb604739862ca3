import { type Kysely, sql } from "kysely"
import type { Dialect } from "./database"
import type { Database } from "./schema"

/** Free pages above this share of the file, and the file above this many pages, call for a VACUUM. */
const VACUUM_FREE_SHARE = 0.2
const VACUUM_MIN_PAGES = 2500

/**
 * SQLite keeps the space of deleted rows for reuse and plans from old statistics. Called by
 * housekeeping: refreshes the planner's statistics, gives the file back its free space when
 * purges freed a fifth of it (VACUUM rewrites the file and blocks writers meanwhile, about a
 * second per 100 MB), and truncates the WAL. PostgreSQL's autovacuum does this itself.
 */
export async function maintain(
  db: Kysely<Database>,
  dialect: Dialect,
): Promise<{ vacuumed: boolean }> {
  if (dialect !== "sqlite") return { vacuumed: false }
  await sql`pragma optimize`.execute(db)
  const pages = Number(
    (await sql<{ page_count: number }>`pragma page_count`.execute(db)).rows[0].page_count,
  )
  const free = Number(
    (await sql<{ freelist_count: number }>`pragma freelist_count`.execute(db)).rows[0]
      .freelist_count,
  )
  const vacuumed = pages >= VACUUM_MIN_PAGES && free / pages > VACUUM_FREE_SHARE
  if (vacuumed) await sql`vacuum`.execute(db)
  await sql`pragma wal_checkpoint(truncate)`.execute(db)
  return { vacuumed }
}
