import fs from "node:fs/promises"
import type { Kysely, Transaction } from "kysely"
import type { DatabaseHandle } from "./database"
import { withoutWaitingForTheDisk } from "./relaxed-commit"
import type { Database } from "./schema"

export type DurableTransaction = (
  write: (trx: Transaction<Database>) => Promise<void>,
) => Promise<void>

/**
 * Transactions whose promise settles once their commit is on the disk, without holding the
 * event loop while the disk works. SQLite's `synchronous = FULL` syncs the log inside COMMIT,
 * which better-sqlite3 runs on the main thread: about a millisecond per contact message during
 * which no other request moves (an event burst piled up behind it, commit a7c6123). Here
 * SQLite commits with `synchronous = NORMAL` (the log written, not synced), then the log file
 * is synced on libuv's thread pool before the caller hears of it: the same guarantee as FULL
 * (the commit's frames are on the disk before "201"), with the wait off the loop. Frames of a
 * log that a checkpoint has since copied are in the database file, which the checkpoint syncs.
 * PostgreSQL's commit already waits on its own server, not on this process.
 */
export function durableTransactions(handle: DatabaseHandle): {
  transaction: DurableTransaction
  close: () => Promise<void>
} {
  const { db, dialect, logFile } = handle
  if (dialect === "postgres" || !logFile)
    return { transaction: (write) => db.transaction().execute(write), close: async () => {} }
  // SQLite keeps its log file (same inode, emptied by a TRUNCATE checkpoint) while its
  // connection is open, so the file is opened once, at the first commit, which creates it.
  // An open that failed (no descriptor left, say) is tried again at the next commit.
  let file: Promise<fs.FileHandle> | null = null
  const openLog = () =>
    (file ??= fs.open(logFile, "r").catch((error: unknown) => {
      file = null
      throw error
    }))
  return {
    // A sync that fails rejects: the write is committed but not known to be on the disk, and
    // the caller answers an error rather than a "201" it cannot stand behind (the visitor's
    // retry may then store the message twice, which the team sees; a lost one it would not).
    async transaction(write) {
      await withoutWaitingForTheDisk(db, dialect, (conn: Kysely<Database>) =>
        conn.transaction().execute(write),
      )
      await (await openLog()).datasync()
    },
    async close() {
      const open = file
      file = null
      await open?.then(
        (handle) => handle.close(),
        () => {},
      )
    },
  }
}
