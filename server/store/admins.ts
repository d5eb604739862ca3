import { randomUUID } from "node:crypto"
import type { Kysely } from "kysely"
import type { Database } from "./schema"
import type { Clock } from "./query-helpers"

export interface AdminUser {
  id: string
  username: string
  passwordHash: string
}

export function adminsRepository(db: Kysely<Database>, now: Clock) {
  return {
    async count(): Promise<number> {
      const row = await db.selectFrom("admin_users").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()
      return Number(row.n)
    },

    async findByUsername(username: string): Promise<AdminUser | null> {
      const row = await db.selectFrom("admin_users").select(["id", "username", "password_hash"]).where("username", "=", username).executeTakeFirst()
      return row ? { id: row.id, username: row.username, passwordHash: row.password_hash } : null
    },

    /** Creates the account unless it exists; true when this call created it. */
    async insertIfAbsent(username: string, passwordHash: string): Promise<boolean> {
      const at = now()
      const inserted = await db
        .insertInto("admin_users")
        .values({ id: randomUUID(), username, password_hash: passwordHash, created_at: at, updated_at: at })
        .onConflict((oc) => oc.column("username").doNothing())
        .returning("id")
        .executeTakeFirst()
      return inserted !== undefined
    },

    /** Creates the account, or replaces its password when it exists. */
    async upsert(username: string, passwordHash: string): Promise<void> {
      const at = now()
      await db
        .insertInto("admin_users")
        .values({ id: randomUUID(), username, password_hash: passwordHash, created_at: at, updated_at: at })
        .onConflict((oc) => oc.column("username").doUpdateSet({ password_hash: passwordHash, updated_at: at }))
        .execute()
    },
  }
}

export type AdminsRepository = ReturnType<typeof adminsRepository>
