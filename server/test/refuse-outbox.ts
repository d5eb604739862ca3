import path from "node:path"
import SQLite from "better-sqlite3"
import pg from "pg"
import { SQLITE_FILE } from "../store/database"
import type { StoreKind } from "./stores"

const MESSAGE = "outbox refused by the test"

/**
 * Makes every insert into the outbox table of a test store fail, as a store error would (a
 * trigger that raises), while the rest of the store keeps working. Returns the undo.
 */
export const refuseOutboxInserts = (
  kind: StoreKind,
  location: { dataDir: string; databaseUrl: string | null },
) => refuseOutbox(kind, location, "insert")

/** The same for deletes from the outbox table. */
export const refuseOutboxDeletes = (
  kind: StoreKind,
  location: { dataDir: string; databaseUrl: string | null },
) => refuseOutbox(kind, location, "delete")

async function refuseOutbox(
  kind: StoreKind,
  location: { dataDir: string; databaseUrl: string | null },
  operation: "insert" | "delete",
): Promise<() => Promise<void>> {
  if (kind === "sqlite") {
    const run = (sql: string) => {
      const db = new SQLite(path.join(location.dataDir, SQLITE_FILE))
      try {
        db.exec(sql)
      } finally {
        db.close()
      }
    }
    run(
      `create trigger refuse_outbox before ${operation} on outbox begin select raise(abort, '${MESSAGE}'); end`,
    )
    return async () => run("drop trigger refuse_outbox")
  }
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: location.databaseUrl! })
    await client.connect()
    try {
      await client.query(sql)
    } finally {
      await client.end()
    }
  }
  await run(`
    create function refuse_outbox() returns trigger language plpgsql as $$ begin raise exception '${MESSAGE}'; end $$;
    create trigger refuse_outbox before ${operation} on outbox for each row execute function refuse_outbox();
  `)
  return () => run("drop trigger refuse_outbox on outbox; drop function refuse_outbox();")
}
