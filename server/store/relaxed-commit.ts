import { type Kysely, sql } from "kysely"
import type { Dialect } from "./database"
import type { Database } from "./schema"

/**
 * Runs a write whose commit does not wait for the disk: PostgreSQL's `synchronous_commit = off`
 * for this transaction, SQLite's `synchronous = NORMAL` for these statements (WAL mode).
 * Either store stays consistent; an operating-system crash or power cut may lose the last
 * fraction of a second of such writes (a process crash loses nothing), and the next durable
 * commit (a contact message) carries them to the disk. For data nobody waits on, such as the
 * audience's events, this keeps a burst from costing one disk sync per write.
 */
export async function withoutWaitingForTheDisk(
  db: Kysely<Database>,
  dialect: Dialect,
  write: (conn: Kysely<Database>) => Promise<unknown>,
): Promise<void> {
  if (dialect === "postgres") {
    await db.transaction().execute(async (trx) => {
      await sql`set local synchronous_commit = off`.execute(trx)
      await write(trx)
    })
    return
  }
  // SQLite has one connection: holding it keeps every other statement out while the setting
  // is relaxed, and `finally` restores it even when the write fails.
  await db.connection().execute(async (conn) => {
    await sql`pragma synchronous = normal`.execute(conn)
    try {
      await write(conn)
    } finally {
      await sql`pragma synchronous = full`.execute(conn)
    }
  })
}
