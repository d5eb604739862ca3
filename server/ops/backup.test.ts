import { execFile } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { promisify } from "node:util"
import { type Kysely, sql } from "kysely"
import { REPOSITORY } from "../../content-kit/repository"
import { LANGUAGES } from "../../contract/languages"
import { buildApp } from "../app"
import { TOTP_KEY_FILE } from "../auth/totp-key-file"
import { entryArgs } from "../bundle/entries"
import { openDatabase } from "../store/database"
import { NO_SOURCE } from "../store/messages"
import { describeEachStore, freshStoreLocation, signIn, testConfig } from "../test/stores"

// npm run admin -- backup / restore, as an operator runs them: the CLI as its own process,
// the backup taken while the server writes, the restore into an empty store, every row compared.

/** Every table and the column(s) of its primary key. */
const TABLES: Record<string, string | string[]> = {
  messages: "id",
  subscribers: "id",
  admin_users: "id",
  sessions: "token_hash",
  erasures: "id",
  login_throttle: "key",
  rate_limits: ["key", "window_start"],
  subscriber_tokens: "token_hash",
  outbox: "id",
  message_notes: "id",
  quote_requests: "message_id",
  audit_log: "id",
  periodic_runs: "name",
  key_checks: "name",
  // No primary key: a row is its visitor's event at one instant.
  audience_events: ["at", "visitor", "kind", "path", "name", "value"],
  audience_daily: ["day", "language", "dimension", "key"],
  audience_salts: "day",
  releases: "id",
  release_pointer: "name",
  publisher_lock: "name",
  push_deliveries: "id",
  booking_types: "key",
  booking_members: "member_id",
  booking_closures: "date",
  meetings: "id",
  meeting_cells: ["member_id", "cell_start"],
  meeting_tokens: "token_hash",
  kysely_migration: "name",
}

type Location = Awaited<ReturnType<typeof freshStoreLocation>>

async function adminCli(
  location: Location,
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = {
    ...process.env,
    DATA_DIR: location.dataDir,
    DATABASE_URL: location.databaseUrl ?? "",
    NODE_ENV: "test",
  }
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [...entryArgs("admin-cli"), ...args],
      { cwd: REPOSITORY, env },
    )
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

/** Every row of every table, keyed by table then primary key. */
async function dump(db: Kysely<any>): Promise<Record<string, Map<string, unknown>>> {
  // A table added by a later migration must be listed above, or its rows would go unchecked.
  const present = (await db.introspection.getTables()).map((table) => table.name)
  expect(present.sort()).toEqual(
    Object.keys(TABLES)
      .filter((name) => name !== "kysely_migration")
      .sort(),
  )
  const tables: Record<string, Map<string, unknown>> = {}
  for (const [table, key] of Object.entries(TABLES)) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
      db,
    )
    tables[table] = new Map(
      rows.map((row) => [
        [key]
          .flat()
          .map((column) => String(row[column]))
          .join(" "),
        row,
      ]),
    )
  }
  return tables
}

const message = (name: string) => ({
  name,
  email: `${name.replace(/\W/g, "")}@example.com`,
  company: "ACME",
  phone: null,
  message: "Backed up?",
  language: "fr" as const,
  page: "/contact",
  spamReason: null,
  source: NO_SOURCE,
})

describeEachStore("backup and restore", (kind) => {
  it("backs up during writes with the CLI, restores into an empty store, and every row matches", async () => {
    const source = await freshStoreLocation(kind)
    const target = await freshStoreLocation(kind)
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "backup-")), "site.backup")
    const { app, store } = await buildApp(testConfig(source), { logger: false })
    let writing = true
    try {
      await app.ready()
      for (let i = 0; i < 200; i++) await store.messages.create(message(`Before ${i}`))
      for (let i = 0; i < 50; i++)
        await store.subscribers.subscribe(
          `reader${i}@example.com`,
          LANGUAGES[i % 3],
          "v1",
          i % 2 === 0,
        )
      for (let i = 0; i < 3; i++) await signIn(app)
      await store.privacy.erase("Before7@example.com", "admin")
      expect(
        (
          await app.inject({
            method: "POST",
            url: "/api/admin/login",
            payload: { username: "nobody", password: "wrong password" },
          })
        ).statusCode,
      ).toBe(401)
      const { db: sourceDb } = openDatabase({
        databaseUrl: source.databaseUrl,
        dataDir: source.dataDir,
      })
      const before = await dump(sourceDb)

      let during = 0
      const writer = (async () => {
        while (writing) {
          await Promise.all(
            Array.from({ length: 10 }, () => store.messages.create(message(`During ${during++}`))),
          )
        }
      })()
      const backedUp = await adminCli(source, ["backup", file])
      writing = false
      await writer
      expect(backedUp).toMatchObject({
        code: 0,
        stdout: expect.stringMatching(
          /^Backup of the (sqlite|postgres) store written to.*\n.*TOTP_ENCRYPTION_KEY/,
        ),
      })
      expect(during).toBeGreaterThan(0)
      expect(fs.statSync(file).mode & 0o777).toBe(0o600)

      expect(await adminCli(target, ["restore", file])).toMatchObject({ code: 0 })
      const { db: targetDb } = openDatabase({
        databaseUrl: target.databaseUrl,
        dataDir: target.dataDir,
      })
      const [after, restored] = [await dump(sourceDb), await dump(targetDb)]
      await Promise.all([sourceDb.destroy(), targetDb.destroy()])

      const duringRestored = [...restored.messages.values()].filter((row: any) =>
        row.name.startsWith("During"),
      ).length
      process.stdout.write(
        `[backup ${kind}] ${file}: ${fs.statSync(file).size} bytes; ${during} ` +
          `messages written during the backup, ${duringRestored} of them in it\n`,
      )
      for (const table of Object.keys(TABLES)) {
        // Everything there before the backup began is restored; everything restored is exactly as stored.
        for (const [key, row] of before[table])
          expect([table, restored[table].get(key)]).toEqual([table, row])
        for (const [key, row] of restored[table])
          expect([table, row]).toEqual([table, after[table].get(key)])
      }
      expect(restored.messages.size).toBe(199 + duringRestored)
      expect(restored.subscribers.size).toBe(50)
      expect(restored.sessions.size).toBe(3)

      // The TOTP key is not in the backup: without it the restored store refuses to start
      // (and no new key file is written), with the key of the source it serves.
      await expect(buildApp(testConfig(target), { logger: false })).rejects.toThrow(
        /^TOTP_ENCRYPTION_KEY: .* does not exist: a restore without its key/,
      )
      expect(fs.existsSync(path.join(target.dataDir, TOTP_KEY_FILE))).toBe(false)
      fs.copyFileSync(
        path.join(source.dataDir, TOTP_KEY_FILE),
        path.join(target.dataDir, TOTP_KEY_FILE),
      )

      // The restored store serves: the admin signs in with the same password.
      const restoredApp = await buildApp(testConfig(target), { logger: false })
      try {
        await signIn(restoredApp.app)
        expect((await restoredApp.store.messages.list({}, { offset: 0, limit: 1 })).total).toBe(
          199 + duringRestored,
        )
      } finally {
        await restoredApp.app.close()
      }

      // A store that holds data is not overwritten without --force.
      const refused = await adminCli(target, ["restore", file])
      expect(refused.code).toBe(1)
      expect(refused.stderr).toMatch(/--force/)
      expect(await adminCli(target, ["restore", file, "--force"])).toMatchObject({ code: 0 })
    } finally {
      writing = false
      await app.close()
      await source.drop()
      await target.drop()
      fs.rmSync(path.dirname(file), { recursive: true, force: true })
    }
  }, 60_000)
})

describe("restore refuses what it cannot load [sqlite]", () => {
  it("names a file that is no backup, or a backup of the other kind of store", async () => {
    const target = await freshStoreLocation("sqlite")
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "backup-bad-"))
    try {
      fs.writeFileSync(path.join(dir, "notes.txt"), "not a backup at all")
      fs.writeFileSync(path.join(dir, "pg.dump"), "PGDMP\u0001\u000e\u0000 rest of an archive")
      expect((await adminCli(target, ["restore", path.join(dir, "notes.txt")])).stderr).toMatch(
        /neither a SQLite database nor a pg_dump/,
      )
      expect((await adminCli(target, ["restore", path.join(dir, "pg.dump")])).stderr).toMatch(
        /is a postgres backup but the configured store is sqlite/,
      )
      expect(fs.existsSync(path.join(target.dataDir, "site.sqlite"))).toBe(false)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
      await target.drop()
    }
  }, 30_000)
})
