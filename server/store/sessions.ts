import type { Kysely } from "kysely"
import { isForeignKeyViolation } from "./database"
import { type Clock, deleteInBatches } from "./query-helpers"
import type { AdminRole, Database } from "./schema"

export interface LiveSession {
  /** The hash its token is looked up by: what a change keeps when it ends the account's other sessions. */
  tokenHash: string
  adminId: string
  username: string
  role: AdminRole
  totpEnabled: boolean
  issuedAt: number
  expiresAt: number
}

/** Sessions are looked up by a hash of their token: a copy of the table opens no door. */
export function sessionsRepository(db: Kysely<Database>, now: Clock) {
  return {
    /** False when the account is gone (removed while its sign-in ran): no session then. */
    async create(
      tokenHash: string,
      adminId: string,
      issuedAt: number,
      expiresAt: number,
    ): Promise<boolean> {
      try {
        await db
          .insertInto("sessions")
          .values({
            token_hash: tokenHash,
            admin_id: adminId,
            issued_at: issuedAt,
            expires_at: expiresAt,
            revoked_at: null,
          })
          .execute()
        return true
      } catch (error) {
        if (isForeignKeyViolation(error)) return false
        throw error
      }
    },

    async findLive(tokenHash: string): Promise<LiveSession | null> {
      const row = await db
        .selectFrom("sessions")
        .innerJoin("admin_users", "admin_users.id", "sessions.admin_id")
        .select([
          "sessions.admin_id",
          "admin_users.username",
          "admin_users.role",
          "admin_users.totp_secret",
          "sessions.issued_at",
          "sessions.expires_at",
        ])
        .where("sessions.token_hash", "=", tokenHash)
        .where("sessions.revoked_at", "is", null)
        .where("sessions.expires_at", ">", now())
        .executeTakeFirst()
      return row
        ? {
            tokenHash,
            adminId: row.admin_id,
            username: row.username,
            role: row.role,
            totpEnabled: row.totp_secret !== null,
            issuedAt: Number(row.issued_at),
            expiresAt: Number(row.expires_at),
          }
        : null
    },

    async revoke(tokenHash: string): Promise<void> {
      await db
        .updateTable("sessions")
        .set({ revoked_at: now() })
        .where("token_hash", "=", tokenHash)
        .where("revoked_at", "is", null)
        .execute()
    },

    async deleteExpired(): Promise<number> {
      const at = now()
      return deleteInBatches((limit) =>
        db
          .deleteFrom("sessions")
          .where(
            "token_hash",
            "in",
            db
              .selectFrom("sessions")
              .select("token_hash")
              .where("expires_at", "<", at)
              .limit(limit),
          )
          .executeTakeFirst(),
      )
    },
  }
}

export type SessionsRepository = ReturnType<typeof sessionsRepository>
