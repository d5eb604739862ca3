// npm run bench -- growth: how much the store grows per 10,000 contact messages, on SQLite
// and on PostgreSQL (when a throwaway cluster can start), for docs/OPERATIONS.md.
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { sql } from "kysely"
import pg from "pg"
import { openStore } from "../server/store"
import { openDatabase, SQLITE_FILE } from "../server/store/database"
import { NO_SOURCE } from "../server/store/messages"
import { startCluster } from "../server/test/postgres-cluster"

const COUNT = 10_000
// A typical enquiry: about 600 characters of text, every optional field filled.
const TEXT = (
  "Bonjour, nous préparons une étude de satisfaction auprès de " +
  "nos clients en France et au Maroc et souhaiterions un devis. "
).repeat(5)

async function fill(databaseUrl: string | null, dataDir: string) {
  const store = await openStore({ databaseUrl, dataDir, now: Date.now })
  for (let i = 0; i < COUNT; i += 500) {
    await Promise.all(
      Array.from({ length: 500 }, (_, j) =>
        store.messages.create(
          {
            name: `Camille Martin ${i + j}`,
            email: `camille.martin${i + j}@example.com`,
            company: "Exemple SARL",
            phone: "+33 1 23 45 67 89",
            message: TEXT,
            language: "fr",
            page: "/contact",
            spamReason: null,
            source: NO_SOURCE,
          },
          { notify: true, ack: null, webhooks: [] },
        ),
      ),
    )
  }
  await store.close()
}

async function sqliteGrowth(): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "growth-"))
  try {
    await (await openStore({ databaseUrl: null, dataDir, now: Date.now })).close()
    const size = () =>
      ["", "-wal"].reduce(
        (sum, suffix) =>
          sum +
          (fs.statSync(path.join(dataDir, SQLITE_FILE + suffix), { throwIfNoEntry: false })?.size ??
            0),
        0,
      )
    const before = size()
    await fill(null, dataDir)
    // Checkpointed into the main file, as housekeeping leaves it.
    const { db } = openDatabase({ databaseUrl: null, dataDir })
    await sql`pragma wal_checkpoint(truncate)`.execute(db)
    await db.destroy()
    return size() - before
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

async function postgresGrowth(): Promise<number | string> {
  const cluster = await startCluster()
  if (typeof cluster === "string") return cluster
  try {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "growth-"))
    await (await openStore({ databaseUrl: cluster.url, dataDir, now: Date.now })).close()
    const client = new pg.Client({ connectionString: cluster.url })
    await client.connect()
    const size = async () =>
      Number((await client.query("select pg_database_size(current_database()) as n")).rows[0].n)
    const before = await size()
    await fill(cluster.url, dataDir)
    await client.query("vacuum analyze")
    const after = await size()
    await client.end()
    fs.rmSync(dataDir, { recursive: true, force: true })
    return after - before
  } finally {
    cluster.stop()
  }
}

export async function dbGrowth() {
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`
  const sqlite = await sqliteGrowth()
  const postgres = await postgresGrowth()
  process.stdout.write(
    `Growth per ${COUNT.toLocaleString("en")} messages of about ${TEXT.length} characters:\n`,
  )
  process.stdout.write(
    `  SQLite:     ${mb(sqlite)} (${Math.round(sqlite / COUNT)} bytes per message)\n`,
  )
  process.stdout.write(
    `  PostgreSQL: ${
      typeof postgres === "string"
        ? `not measured (${postgres})`
        : `${mb(postgres)} (${Math.round(postgres / COUNT)} bytes per message)`
    }\n`,
  )
}
