import fs from "node:fs"
import path from "node:path"
import SQLite from "better-sqlite3"
import { Kysely, PostgresDialect, SqliteDialect } from "kysely"
import pg from "pg"
import type { Database } from "./schema"

export type Dialect = "sqlite" | "postgres"

export interface DatabaseHandle {
  db: Kysely<Database>
  dialect: Dialect
}

export const SQLITE_FILE = "site.sqlite"

export interface DatabaseOptions {
  databaseUrl: string | null
  dataDir: string
  /** Errors of idle PostgreSQL connections (a restart, a dropped link), which pg reports outside any query. */
  onConnectionError?: (error: Error) => void
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // BIGINT and COUNT(*) arrive as strings by default; our values stay far below 2^53.
      types: { getTypeParser: (oid: number, format?: any) => (oid === 20 ? Number : pg.types.getTypeParser(oid, format)) } as any,
    })
    // Without a listener, such an error would be thrown as an unhandled "error" event and end
    // the process; the pool drops the broken connection and opens another when needed.
    pool.on("error", (error) => options.onConnectionError?.(error))
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: "postgres" }
  }
  fs.mkdirSync(options.dataDir, { recursive: true })
  const sqlite = new SQLite(path.join(options.dataDir, SQLITE_FILE))
  // WAL lets readers run beside the writer; FULL makes every commit reach the disk before
  // the client hears "201", so an acknowledged message survives a power cut.
  sqlite.pragma("journal_mode = WAL")
  sqlite.pragma("synchronous = FULL")
  sqlite.pragma("busy_timeout = 5000")
  sqlite.pragma("foreign_keys = ON")
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }), dialect: "sqlite" }
}
