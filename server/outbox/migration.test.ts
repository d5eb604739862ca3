import { Migrator } from "kysely"
import { openDatabase } from "../store/database"
import { migrate, migrations } from "../store/migrations"
import { describeEachStore, freshStoreLocation } from "../test/stores"

// A store made before the outbox, with notifications pending and failed in the messages
// table: the upgrade moves them into the outbox, where the worker will find them.
describeEachStore("migration 0005_outbox", (kind) => {
  it("keeps every pending and failed notification, as outbox rows", async () => {
    const location = await freshStoreLocation(kind)
    const { db } = openDatabase({ databaseUrl: location.databaseUrl, dataDir: location.dataDir })
    try {
      const before = Object.fromEntries(
        Object.entries(migrations).filter(([name]) => name < "0005"),
      )
      await new Migrator({ db, provider: { getMigrations: async () => before } }).migrateToLatest()
      const row = (
        id: string,
        notify_status: string,
        notify_attempts: number,
        notify_next_at: number | null,
      ) => ({
        id,
        created_at: 1_700_000_000_000,
        status: "unread",
        name: id,
        email: `${id}@example.com`,
        company: null,
        phone: null,
        message: "Hello",
        language: "fr",
        page: null,
        spam_reason: null,
        search_text: id,
        notify_status,
        notify_attempts,
        notify_next_at,
      })
      await (db as any)
        .insertInto("messages")
        .values([
          row("pending", "pending", 2, 1_700_000_060_000),
          row("failed", "failed", 6, null),
          row("sent", "sent", 1, null),
          row("none", "none", 0, null),
        ])
        .execute()

      await migrate(db)
      const outbox = await db.selectFrom("outbox").selectAll().orderBy("id").execute()
      expect(
        outbox.map((r) => [
          r.id,
          r.kind,
          r.message_id,
          r.status,
          Number(r.attempts),
          Number(r.next_at),
        ]),
      ).toEqual([
        ["notify-failed", "notify", "failed", "failed", 6, 0],
        ["notify-pending", "notify", "pending", "pending", 2, 1_700_000_060_000],
      ])
      const columns = Object.keys(
        (await db.selectFrom("messages").selectAll().executeTakeFirstOrThrow()) as object,
      )
      expect(columns).not.toContain("notify_status")
      // The rows go with their message.
      await db.deleteFrom("messages").where("id", "=", "pending").execute()
      expect((await db.selectFrom("outbox").select("id").execute()).map((r) => r.id)).toEqual([
        "notify-failed",
      ])
    } finally {
      await db.destroy()
      await location.drop()
    }
  })
})
