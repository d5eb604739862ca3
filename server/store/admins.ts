import { randomUUID } from "node:crypto"
import type { Kysely } from "kysely"
import type { TeamMember } from "../../contract/team"
import type { Clock } from "./query-helpers"
import type { AdminRole, Database } from "./schema"

export interface AdminUser {
  id: string
  username: string
  passwordHash: string
  role: AdminRole
  /** As stored: sealed (auth/totp-secrets.ts opens it), or base32 when written before 0009. */
  totpSecret: string | null
  totpLastStep: number | null
}

/** An account's TOTP values as stored (sealed, or base32 from before 0009). */
export interface StoredTotp {
  id: string
  username: string
  totpSecret: string | null
  totpPendingSecret: string | null
}

export type TotpColumn = "totp_secret" | "totp_pending_secret"

export type { TeamMember }

/** A new owner account's row: the first one, or one the command line makes. */
export const ownerRow = (username: string, passwordHash: string, at: number) => ({
  id: randomUUID(),
  username,
  password_hash: passwordHash,
  role: "owner" as const,
  created_at: at,
  updated_at: at,
})

export function adminsRepository(db: Kysely<Database>, now: Clock) {
  return {
    async count(): Promise<number> {
      const row = await db
        .selectFrom("admin_users")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },

    async findByUsername(username: string): Promise<AdminUser | null> {
      const row = await db
        .selectFrom("admin_users")
        .select(["id", "username", "password_hash", "role", "totp_secret", "totp_last_step"])
        .where("username", "=", username)
        .executeTakeFirst()
      return row
        ? {
            id: row.id,
            username: row.username,
            passwordHash: row.password_hash,
            role: row.role,
            totpSecret: row.totp_secret,
            totpLastStep: row.totp_last_step === null ? null : Number(row.totp_last_step),
          }
        : null
    },

    /**
     * Creates the account (an owner: the first one, from the configuration) unless it exists; true
     * when this call created it.
     */
    async insertIfAbsent(username: string, passwordHash: string): Promise<boolean> {
      const inserted = await db
        .insertInto("admin_users")
        .values(ownerRow(username, passwordHash, now()))
        .onConflict((oc) => oc.column("username").doNothing())
        .returning("id")
        .executeTakeFirst()
      return inserted !== undefined
    },

    /** A new account; null when the name is taken. */
    async create(
      username: string,
      passwordHash: string,
      role: AdminRole,
    ): Promise<TeamMember | null> {
      const at = now()
      const row = {
        id: randomUUID(),
        username,
        password_hash: passwordHash,
        role,
        created_at: at,
        updated_at: at,
      }
      const result = await db
        .insertInto("admin_users")
        .values(row)
        .onConflict((oc) => oc.column("username").doNothing())
        .executeTakeFirst()
      if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return null
      return {
        id: row.id,
        username,
        role,
        totpEnabled: false,
        createdAt: new Date(at).toISOString(),
      }
    },

    async list(): Promise<TeamMember[]> {
      const rows = await db
        .selectFrom("admin_users")
        .select(["id", "username", "role", "totp_secret", "created_at"])
        .orderBy("username")
        .execute()
      return rows.map((row) => ({
        id: row.id,
        username: row.username,
        role: row.role,
        totpEnabled: row.totp_secret !== null,
        createdAt: new Date(Number(row.created_at)).toISOString(),
      }))
    },

    async findById(id: string): Promise<TeamMember | null> {
      return (await this.list()).find((member) => member.id === id) ?? null
    },

    // The TOTP values below are sealed by the caller (auth/totp-secrets.ts): the store
    // keeps whatever it is given and never sees a key.

    /** Starts a TOTP enrolment: the secret waits until a first code proves the app has it (null: none waits). */
    async setPendingTotp(id: string, secret: string | null): Promise<void> {
      await db
        .updateTable("admin_users")
        .set({ totp_pending_secret: secret })
        .where("id", "=", id)
        .execute()
    },

    async pendingTotp(id: string): Promise<string | null> {
      const row = await db
        .selectFrom("admin_users")
        .select("totp_pending_secret")
        .where("id", "=", id)
        .executeTakeFirst()
      return row?.totp_pending_secret ?? null
    },

    async disableTotp(id: string): Promise<boolean> {
      const result = await db
        .updateTable("admin_users")
        .set({
          totp_secret: null,
          totp_pending_secret: null,
          totp_last_step: null,
          updated_at: now(),
        })
        .where("id", "=", id)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) > 0
    },

    /** Every account holding a TOTP value, enabled or pending. */
    async storedTotp(): Promise<StoredTotp[]> {
      const rows = await db
        .selectFrom("admin_users")
        .select(["id", "username", "totp_secret", "totp_pending_secret"])
        .where((eb) =>
          eb.or([eb("totp_secret", "is not", null), eb("totp_pending_secret", "is not", null)]),
        )
        .orderBy("username")
        .execute()
      return rows.map((row) => ({
        id: row.id,
        username: row.username,
        totpSecret: row.totp_secret,
        totpPendingSecret: row.totp_pending_secret,
      }))
    },

    /** Replaces a stored TOTP value only while it is still `from` (false: it changed meanwhile). */
    async replaceStoredTotp(
      id: string,
      column: TotpColumn,
      from: string,
      to: string,
    ): Promise<boolean> {
      const result = await db
        .updateTable("admin_users")
        .set({ [column]: to })
        .where("id", "=", id)
        .where(column, "=", from)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    /** Takes a TOTP step once: false when that step (or a later one) was already used. */
    async useTotpStep(id: string, step: number): Promise<boolean> {
      const result = await db
        .updateTable("admin_users")
        .set({ totp_last_step: step })
        .where("id", "=", id)
        .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },
  }
}

export type AdminsRepository = ReturnType<typeof adminsRepository>
