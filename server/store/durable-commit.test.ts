import fs from "node:fs/promises"
import os from "node:os"
import path from "node:path"
import { sql } from "kysely"
import { describeEachStore, freshStoreLocation } from "../test/stores"
import { openDatabase } from "./database"
import { durableTransactions } from "./durable-commit"
import { migrate } from "./migrations"

const salt = (day: number) => ({ day, salt: `salt-${day}`, created_at: day })

describeEachStore("a durable transaction", (kind) => {
  it("commits all of its writes or none, and leaves every other write durable", async () => {
    const location = await freshStoreLocation(kind)
    const handle = openDatabase(location)
    const durable = durableTransactions(handle)
    try {
      await migrate(handle.db)
      await durable.transaction(async (trx) => {
        await trx.insertInto("audience_salts").values(salt(1)).execute()
        await trx.insertInto("audience_salts").values(salt(2)).execute()
      })
      await expect(
        durable.transaction(async (trx) => {
          await trx.insertInto("audience_salts").values(salt(3)).execute()
          throw new Error("refused after a write")
        }),
      ).rejects.toThrow("refused after a write")
      const days = await handle.db.selectFrom("audience_salts").select("day").execute()
      expect(days.map((row) => row.day).sort()).toEqual([1, 2])
      if (handle.dialect === "sqlite") {
        const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(handle.db)
        expect(rows[0].synchronous).toBe(2) // FULL
      }
    } finally {
      await handle.db.destroy()
      await durable.close()
      await location.drop()
    }
  })
})

// A SQLite store in a fresh folder, and FileHandle's prototype (from a handle of any file) so
// that a test can hold or fail the log's sync.
async function sqliteStore() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "durable-commit-"))
  const handle = openDatabase({ databaseUrl: null, dataDir })
  const durable = durableTransactions(handle)
  const probe = await fs.open(path.join(dataDir, "probe"), "w")
  const fileHandle = Object.getPrototypeOf(probe) as { datasync(): Promise<void> }
  await probe.close()
  const drop = async () => {
    await handle.db.destroy()
    await durable.close()
    await fs.rm(dataDir, { recursive: true, force: true })
  }
  return { handle, durable, fileHandle, drop }
}

describe("a durable transaction on SQLite", () => {
  it("settles only once its log file is synced, which runs off the event loop", async () => {
    const { handle, durable, fileHandle, drop } = await sqliteStore()
    const synced: string[] = []
    let release = () => {}
    const sync = jest.spyOn(fileHandle, "datasync").mockImplementation(
      () =>
        new Promise<void>((resolve) => {
          release = () => {
            synced.push("log")
            resolve()
          }
        }),
    )
    try {
      await migrate(handle.db)
      let settled = false
      const write = durable
        .transaction(async (trx) => {
          await trx.insertInto("audience_salts").values(salt(1)).execute()
        })
        .then(() => (settled = true))
      await new Promise((resolve) => setTimeout(resolve, 50))
      // Committed (another reader sees it) but not yet on the disk: the caller still waits.
      expect(await handle.db.selectFrom("audience_salts").select("day").execute()).toEqual([
        { day: 1 },
      ])
      expect(settled).toBe(false)
      expect(sync).toHaveBeenCalledTimes(1)
      release()
      await write
      expect(synced).toEqual(["log"])
    } finally {
      sync.mockRestore()
      await drop()
    }
  })
})

describe("a durable transaction on SQLite whose log cannot be synced", () => {
  it("rejects when the log's open or sync fails, and the next commit tries again", async () => {
    const { handle, durable, fileHandle, drop } = await sqliteStore()
    const open = jest.spyOn(fs, "open").mockRejectedValueOnce(new Error("no descriptor left"))
    const sync = jest.spyOn(fileHandle, "datasync")
    const write = (day: number) =>
      durable.transaction(async (trx) => {
        await trx.insertInto("audience_salts").values(salt(day)).execute()
      })
    try {
      await migrate(handle.db)
      await expect(write(1)).rejects.toThrow("no descriptor left")
      sync.mockRejectedValueOnce(new Error("the disk refused the sync"))
      await expect(write(2)).rejects.toThrow("the disk refused the sync")
      await write(3)
      expect(open).toHaveBeenCalledTimes(2)
      expect(sync).toHaveBeenCalledTimes(2)
      // Committed each time: a failed sync cannot take back a commit, it only refuses the "201".
      const days = await handle.db.selectFrom("audience_salts").select("day").execute()
      expect(days.map((row) => row.day).sort()).toEqual([1, 2, 3])
    } finally {
      open.mockRestore()
      sync.mockRestore()
      await drop()
    }
  })
})
