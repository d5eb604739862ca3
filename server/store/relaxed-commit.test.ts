import { sql } from "kysely"
import { describeEachStore, freshStoreLocation } from "../test/stores"
import { openDatabase } from "./database"
import { migrate } from "./migrations"
import { withoutWaitingForTheDisk } from "./relaxed-commit"

const row = (at: number) => ({
  at,
  day: 1,
  visitor: "v",
  kind: "view" as const,
  path: "/",
  language: "fr" as const,
})

describeEachStore("a write that does not wait for the disk", (kind) => {
  it("stores the rows, and every other statement still commits durably, after a failure too", async () => {
    const location = await freshStoreLocation(kind)
    const { db, dialect } = openDatabase(location)
    try {
      await migrate(db)
      await withoutWaitingForTheDisk(db, dialect, (conn) =>
        conn
          .insertInto("audience_events")
          .values([row(1), row(2)])
          .execute(),
      )
      await expect(
        withoutWaitingForTheDisk(db, dialect, () => Promise.reject(new Error("refused"))),
      ).rejects.toThrow("refused")
      const stored = await db.selectFrom("audience_events").select("at").execute()
      expect(stored.map((r) => r.at).sort()).toEqual([1, 2])
      if (dialect === "sqlite") {
        const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(db)
        expect(rows[0].synchronous).toBe(2) // FULL
      } else {
        // Every connection of the pool: the setting was local to the write's transaction.
        const settings = await Promise.all(
          Array.from({ length: 4 }, () =>
            db
              .transaction()
              .execute((trx) =>
                sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(trx),
              ),
          ),
        )
        expect(settings.map(({ rows }) => rows[0].synchronous_commit)).toEqual([
          "on",
          "on",
          "on",
          "on",
        ])
      }
    } finally {
      await db.destroy()
      await location.drop()
    }
  })
})
