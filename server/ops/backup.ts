import { execFile } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { promisify } from "node:util"
import SQLite from "better-sqlite3"
import pg from "pg"
import { SQLITE_FILE } from "../store/database"

// Backups while the server runs, and restores into an empty store. SQLite: the online backup
// API (a consistent copy page by page, writers keep writing). PostgreSQL: pg_dump's custom
// format (one snapshot transaction), restored by pg_restore.

const run = promisify(execFile)

export class BackupError extends Error {}

export interface Target {
  dataDir: string
  databaseUrl: string | null
}

/** pg_dump / pg_restore: Debian's newest under /usr/lib/postgresql, else the one on PATH. */
function postgresTool(name: "pg_dump" | "pg_restore"): string {
  const root = "/usr/lib/postgresql"
  const versions = fs.existsSync(root)
    ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a))
    : []
  return (
    versions.map((v) => path.join(root, v, "bin", name)).find((file) => fs.existsSync(file)) ?? name
  )
}

/** The URL without its password, which goes through the environment rather than the process list. */
function connection(databaseUrl: string) {
  const url = new URL(databaseUrl)
  const password = decodeURIComponent(url.password)
  url.password = ""
  return {
    url: url.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  }
}

const SQLITE_MAGIC = "SQLite format 3\0"
const PGDUMP_MAGIC = "PGDMP"

function kindOf(file: string): "sqlite" | "postgres" | null {
  const fd = fs.openSync(file, "r")
  try {
    const head = Buffer.alloc(16)
    fs.readSync(fd, head, 0, 16, 0)
    if (head.toString("latin1") === SQLITE_MAGIC) return "sqlite"
    if (head.subarray(0, 5).toString("latin1") === PGDUMP_MAGIC) return "postgres"
    return null
  } finally {
    fs.closeSync(fd)
  }
}

/** Writes a consistent copy of the store to `file` (mode 0600: it holds personal data). */
export async function backup(
  target: Target,
  file: string,
): Promise<{ kind: string; bytes: number }> {
  const partial = `${file}.partial`
  fs.rmSync(partial, { force: true })
  try {
    if (target.databaseUrl) {
      const { url, env } = connection(target.databaseUrl)
      await run(
        postgresTool("pg_dump"),
        [
          "--format=custom",
          "--no-owner",
          "--no-privileges",
          `--file=${partial}`,
          `--dbname=${url}`,
        ],
        { env },
      )
    } else {
      const source = path.join(target.dataDir, SQLITE_FILE)
      if (!fs.existsSync(source)) throw new BackupError(`no database at ${source} (check DATA_DIR)`)
      const db = new SQLite(source, { fileMustExist: true })
      try {
        db.pragma("busy_timeout = 5000")
        await db.backup(partial)
      } finally {
        db.close()
      }
      checkSqlite(partial)
    }
    fs.chmodSync(partial, 0o600)
    fs.renameSync(partial, file)
  } catch (error) {
    fs.rmSync(partial, { force: true })
    throw error
  }
  return { kind: target.databaseUrl ? "postgres" : "sqlite", bytes: fs.statSync(file).size }
}

function checkSqlite(file: string) {
  const db = new SQLite(file, { readonly: true, fileMustExist: true })
  try {
    const result = db.pragma("integrity_check", { simple: true })
    if (result !== "ok")
      throw new BackupError(`${file} fails SQLite's integrity check: ${String(result)}`)
  } finally {
    db.close()
  }
}

/**
 * Loads `file` into the configured store, which must be empty unless `force` (then what is
 * there is replaced). The server must be stopped: a running one would keep the old data open.
 */
export async function restore(
  target: Target,
  file: string,
  force: boolean,
): Promise<{ kind: string }> {
  if (!fs.existsSync(file)) throw new BackupError(`no such file: ${file}`)
  const kind = kindOf(file)
  const expected = target.databaseUrl ? "postgres" : "sqlite"
  if (kind === null)
    throw new BackupError(
      `${file} is neither a SQLite database nor a pg_dump custom-format archive`,
    )
  if (kind !== expected)
    throw new BackupError(
      `${file} is a ${kind} backup but the configured store is ${expected} ` +
        `(${target.databaseUrl ? "DATABASE_URL is set" : "DATABASE_URL is unset"})`,
    )

  if (target.databaseUrl) {
    const tables = await postgresTableCount(target.databaseUrl)
    if (tables > 0 && !force)
      throw new BackupError(
        `the database already holds ${tables} tables; restore into ` +
          `an empty database, or add --force to replace its content`,
      )
    const { url, env } = connection(target.databaseUrl)
    const clean = tables > 0 ? ["--clean", "--if-exists"] : []
    await run(
      postgresTool("pg_restore"),
      [
        ...clean,
        "--no-owner",
        "--no-privileges",
        "--single-transaction",
        "--exit-on-error",
        `--dbname=${url}`,
        file,
      ],
      { env },
    )
    return { kind }
  }

  const destination = path.join(target.dataDir, SQLITE_FILE)
  if (fs.existsSync(destination) && !force)
    throw new BackupError(
      `${destination} exists; restore into an empty DATA_DIR, or add --force to replace it`,
    )
  checkSqlite(file)
  fs.mkdirSync(target.dataDir, { recursive: true })
  const incoming = `${destination}.restoring`
  fs.copyFileSync(file, incoming)
  fs.chmodSync(incoming, 0o600)
  // The old file's write-ahead log would be replayed into the new file: it goes first.
  for (const suffix of ["-wal", "-shm"]) fs.rmSync(`${destination}${suffix}`, { force: true })
  fs.renameSync(incoming, destination)
  return { kind }
}

async function postgresTableCount(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ n: string }>(
      "select count(*) as n from information_schema.tables where " +
        "table_schema not in ('pg_catalog', 'information_schema')",
    )
    return Number(rows[0].n)
  } finally {
    await client.end()
  }
}
