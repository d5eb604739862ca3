import fs from "node:fs"
import path from "node:path"
import SQLite from "better-sqlite3"
import {
  Kysely,
  type LogEvent,
  PostgresDialect,
  SqliteDialect,
  type SqliteDatabase,
  type SqliteStatement,
} from "kysely"
import pg from "pg"
import type { Database } from "./schema"

export type Dialect = "sqlite" | "postgres"

export interface DatabaseHandle {
  db: Kysely<Database>
  dialect: Dialect
  /** SQLite's write-ahead log, which durable-commit.ts syncs off the event loop. */
  logFile?: string
}

export const SQLITE_FILE = "site.sqlite"

export interface DatabaseOptions {
  databaseUrl: string | null
  dataDir: string
  /** Errors of idle PostgreSQL connections (a restart, a dropped link), which pg reports outside any query. */
  onConnectionError?: (error: Error) => void
  /** Called after each query with its duration (metrics). */
  onQuery?: (durationMs: number, failed: boolean) => void
  /** PostgreSQL's statement_timeout for the pool's connections; 15 s unless a test shortens it. */
  statementTimeoutMs?: number
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  const log = options.onQuery
    ? (event: LogEvent) => options.onQuery!(event.queryDurationMillis, event.level === "error")
    : undefined
  if (options.databaseUrl) {
    const pool = postgresPool(options.databaseUrl, {
      max: 10,
      // PostgreSQL cancels a statement that runs longer (a lock held by another session), and
      // the connection stays usable; no request of this site needs a tenth of that.
      statement_timeout: options.statementTimeoutMs ?? 15_000,
    })
    // Without a listener, such an error would be thrown as an unhandled "error" event and end
    // the process; the pool drops the broken connection and opens another when needed.
    pool.on("error", (error) => options.onConnectionError?.(error))
    // The pool listens only to idle connections. One that breaks while checked out (PostgreSQL
    // stopped between two statements of a transaction) would end the process the same way; its
    // query fails (503), and the pool drops it on release since it is no longer queryable.
    pool.on("connect", (client) => client.on("error", () => {}))
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log }),
      dialect: "postgres",
    }
  }
  let sqlite: SQLite.Database | undefined
  const file = path.join(options.dataDir, SQLITE_FILE)
  try {
    fs.mkdirSync(options.dataDir, { recursive: true })
    probeWritable(options.dataDir)
    sqlite = new SQLite(file)
    // WAL lets readers run beside the writer; FULL makes every commit reach the disk before
    // the client hears "201", so an acknowledged message survives a power cut (contact
    // messages get the same guarantee off the event loop, durable-commit.ts).
    sqlite.pragma("journal_mode = WAL")
    sqlite.pragma("synchronous = FULL")
    sqlite.pragma("busy_timeout = 5000")
    sqlite.pragma("foreign_keys = ON")
  } catch (error) {
    sqlite?.close()
    throw dataDirError(options.dataDir, error) ?? error
  }
  return {
    db: new Kysely<Database>({
      dialect: new SqliteDialect({ database: keepingTheCause(sqlite) }),
      log,
    }),
    dialect: "sqlite",
    logFile: `${file}-wal`,
  }
}

/**
 * SQLite ends a transaction by itself on some failures (SQLITE_FULL, SQLITE_IOERR...). Kysely
 * then sends ROLLBACK, which fails with "cannot rollback - no transaction is active" and is
 * thrown instead of the real cause: a full disk answered 500 instead of 503. The ROLLBACK is
 * skipped when no transaction is open, so the caller sees why the write failed.
 */
function keepingTheCause(sqlite: SQLite.Database): SqliteDatabase {
  const nothingToRollBack: SqliteStatement = {
    reader: false,
    all: () => [],
    run: () => ({ changes: 0, lastInsertRowid: 0 }),
    iterate: () => [][Symbol.iterator](),
  }
  // Kysely prepares every query anew; compiling a statement can cost more than running it (a
  // 200-row insert of events), so the compiled ones are kept, the oldest dropped past the bound.
  const statements = new Map<string, SqliteStatement>()
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      if (/^\s*rollback\s*$/i.test(sql) && !sqlite.inTransaction) return nothingToRollBack
      let statement = statements.get(sql)
      if (!statement) {
        statement = sqlite.prepare(sql)
        if (statements.size >= PREPARED_STATEMENTS)
          statements.delete(statements.keys().next().value!)
        statements.set(sql, statement)
      }
      return statement
    },
  }
}

const PREPARED_STATEMENTS = 256

function postgresPool(databaseUrl: string, extra: pg.PoolConfig) {
  return new pg.Pool({
    connectionString: databaseUrl,
    // A database that does not answer fails the request (503) instead of holding it.
    connectionTimeoutMillis: 5_000,
    // TCP keepalive probes find a connection whose network died without a word, which
    // would otherwise wait on the kernel's two-hour default.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    // BIGINT and COUNT(*) arrive as strings by default; our values stay far below 2^53.
    types: {
      getTypeParser: (oid: number, format?: "text" | "binary") =>
        oid === 20 ? Number : pg.types.getTypeParser(oid, format),
    } as pg.CustomTypesConfig,
    ...extra,
  })
}

/**
 * The connection migrations run on, for PostgreSQL: one session without statement timeout,
 * since waiting for the migration lock held by another starting instance, or a long
 * migration, must not be cancelled after 15 s like a request's query. Null for SQLite, whose
 * single connection already serialises writers.
 */
export function openMigrationDatabase(databaseUrl: string | null): Kysely<Database> | null {
  if (!databaseUrl) return null
  const pool = postgresPool(databaseUrl, {
    max: 1,
    options: "-c statement_timeout=0 -c lock_timeout=0",
  })
  pool.on("error", () => {})
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
}

/** The store cannot be opened for a reason the operator has to fix; main.ts prints only the message. */
export class StoreOpenError extends Error {}

/** Writes and removes a small file, so a read-only or full data folder fails at startup, not on the first message. */
function probeWritable(dataDir: string) {
  const probe = path.join(dataDir, `.write-test-${process.pid}`)
  try {
    const fd = fs.openSync(probe, "w")
    try {
      fs.writeSync(fd, Buffer.alloc(16 * 1024))
      fs.fsyncSync(fd)
    } finally {
      fs.closeSync(fd)
    }
  } finally {
    fs.rmSync(probe, { force: true })
  }
}

const DATA_DIR_REASONS: Record<string, string> = {
  EROFS: "it is on a read-only file system",
  EACCES: "permission denied (the server's user cannot write there)",
  EPERM: "permission denied (the server's user cannot write there)",
  ENOSPC: "the disk is full",
  EDQUOT: "the disk quota is exhausted",
  ENOTDIR: "it is not a directory",
  EEXIST: "it is not a directory",
  SQLITE_FULL: "the disk is full",
  SQLITE_READONLY: "the database file or its folder is read-only",
  SQLITE_CANTOPEN: "the database file cannot be opened or created there",
  SQLITE_IOERR: "input/output error",
  SQLITE_CORRUPT: "the database file is corrupt",
  SQLITE_NOTADB: "the database file is not a SQLite database",
}

// Writes refused while reads may work: SQLite's disk full, read-only or I/O errors (with their
// extended codes), the file system's, and PostgreSQL's disk full (53100), out of memory or
// resources (53000, 53200) and read-only transactions (25006: a standby, a database set read-only).
const UNWRITABLE_CODES =
  /^(SQLITE_FULL|SQLITE_READONLY|SQLITE_IOERR|ENOSPC|EROFS|EDQUOT|53100|53000|53200|25006)/

/** True when the error says the store cannot write now (disk full, read-only): a 503 store_unwritable. */
export function isStoreUnwritable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 3) return false
  if (UNWRITABLE_CODES.test(String((error as { code?: unknown }).code ?? ""))) return true
  return isStoreUnwritable((error as { cause?: unknown }).cause, depth + 1)
}

/** True for a row that names a row no longer there (SQLite's and PostgreSQL's foreign-key errors). */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = String((error as { code?: unknown } | null)?.code ?? "")
  return code === "SQLITE_CONSTRAINT_FOREIGNKEY" || code === "23503"
}

/** A clear error naming DATA_DIR for the file-system and SQLite failures of opening the store, or null. */
export function dataDirError(dataDir: string, error: unknown): StoreOpenError | null {
  if (error instanceof StoreOpenError) return error
  const code = String((error as { code?: unknown } | null)?.code ?? "")
  const reason =
    DATA_DIR_REASONS[code] ?? DATA_DIR_REASONS[code.replace(/^(SQLITE_[A-Z]+)_.*$/, "$1")]
  if (!reason) return null
  const detail = error instanceof Error ? error.message : String(error)
  return new StoreOpenError(
    `DATA_DIR ${dataDir} is not usable: ${reason} (${detail.startsWith(code) ? detail : `${code}: ${detail}`})`,
  )
}

// Connection failures (PostgreSQL stopped, restarting or unreachable; SQLite locked or its disk
// full): the request may succeed later, so it is answered 503 store_unavailable, not 500.
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "SQLITE_BUSY",
])
const UNAVAILABLE_MESSAGES = new RegExp(
  [
    "Connection terminated",
    "timeout exceeded when trying to connect",
    "Client has encountered a connection error",
    "Client was closed and is not queryable",
    "Connection closed",
    "ended by the other party",
  ].join("|"),
  "i",
)

export function isStoreUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 3) return false
  const code = String((error as { code?: unknown }).code ?? "")
  // SQLSTATE class 08 (connection exception), 57P01-57P03 (shutdown, crash, not accepting yet),
  // 53300 (too many connections).
  if (
    UNAVAILABLE_CODES.has(code) ||
    /^08...$/.test(code) ||
    /^57P0[123]$/.test(code) ||
    code === "53300"
  )
    return true
  if (error instanceof Error && UNAVAILABLE_MESSAGES.test(error.message)) return true
  return isStoreUnavailable((error as { cause?: unknown }).cause, depth + 1)
}
