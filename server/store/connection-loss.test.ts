import { sql } from "kysely"
import pg from "pg"
import { freshStoreLocation, testApp } from "../test/stores"
import { openDatabase } from "./database"

const postgres = process.env.TEST_DATABASE_URL

;(postgres ? describe : describe.skip)("a lost PostgreSQL connection [postgres]", () => {
  it("is logged and replaced, not fatal", async () => {
    const t = await testApp("postgres")
    try {
      expect((await t.app.inject({ url: "/readyz" })).statusCode).toBe(200)
      const database = new URL(t.config.databaseUrl!).pathname.slice(1)
      const admin = new pg.Client({ connectionString: postgres })
      await admin.connect()
      // What a PostgreSQL restart or failover does to the pool's idle connections.
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1",
        [database],
      )
      await admin.end()
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect((await t.app.inject({ url: "/readyz" })).statusCode).toBe(200)
    } finally {
      await t.close()
    }
    // A fresh PostgreSQL database, migrations and an argon2 hash take several seconds on a busy machine.
  }, 15_000)

  it("opens connections on which PostgreSQL cancels a statement after 15 s", async () => {
    const location = await freshStoreLocation("postgres")
    const { db } = openDatabase({ databaseUrl: location.databaseUrl, dataDir: location.dataDir })
    try {
      const { rows } = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(db)
      expect(rows[0].statement_timeout).toBe("15s")
    } finally {
      await db.destroy()
      await location.drop()
    }
  })
})
