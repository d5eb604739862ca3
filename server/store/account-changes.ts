import type { Kysely, Transaction } from "kysely"
import type { TeamMember } from "../../contract/team"
import { ownerRow } from "./admins"
import { type Actor, writeAudit } from "./audit"
import type { Dialect } from "./database"
import type { Clock } from "./query-helpers"
import type { AdminRole, Database } from "./schema"

/** A session to open in the transaction of a change (the one that replaces the caller's). */
export interface NewSession {
  tokenHash: string
  issuedAt: number
  expiresAt: number
}

export type RoleChange = { outcome: "done"; member: TeamMember } | { outcome: "not_found" }

class LastOwner extends Error {}

/**
 * The changes that decide who may act as whom: each is one transaction holding the change,
 * the end of the account's sessions and the audit entry, so an account removed meanwhile is
 * never written again (no insert: an update finds no row), a role is never other than granted,
 * and the audit log says what happened in the order it happened.
 */
export function accountChangesRepository(db: Kysely<Database>, now: Clock, dialect: Dialect) {
  // Owners are counted after each change and the change undone if none is left. On
  // PostgreSQL the owners' rows are locked first, so that two changes that each leave one
  // owner (two owners removing each other) cannot both count the other as still there.
  // SQLite runs one writing transaction at a time.
  async function lockOwners(trx: Transaction<Database>) {
    if (dialect !== "postgres") return
    await trx
      .selectFrom("admin_users")
      .select("id")
      .where("role", "=", "owner")
      .orderBy("id")
      .forUpdate()
      .execute()
  }
  async function ownersLeft(trx: Transaction<Database>) {
    const row = await trx
      .selectFrom("admin_users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("role", "=", "owner")
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }
  async function endSessions(trx: Transaction<Database>, adminId: string, keep?: string) {
    let query = trx
      .updateTable("sessions")
      .set({ revoked_at: now() })
      .where("admin_id", "=", adminId)
      .where("revoked_at", "is", null)
    if (keep) query = query.where("token_hash", "!=", keep)
    await query.execute()
  }
  async function unlessLastOwner<T>(work: () => Promise<T>): Promise<T | "last_owner"> {
    try {
      return await work()
    } catch (error) {
      if (error instanceof LastOwner) return "last_owner"
      throw error
    }
  }

  return {
    /**
     * The account's own password form: the new hash, every session ended and `session` opened
     * in their place. False when the account no longer exists (nothing is written).
     */
    async changePassword(
      adminId: string,
      passwordHash: string,
      session: NewSession,
      actor: Actor,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const at = now()
        const updated = await trx
          .updateTable("admin_users")
          .set({ password_hash: passwordHash, updated_at: at })
          .where("id", "=", adminId)
          .executeTakeFirst()
        if (Number(updated.numUpdatedRows) === 0) return false
        await endSessions(trx, adminId)
        await trx
          .insertInto("sessions")
          .values({
            token_hash: session.tokenHash,
            admin_id: adminId,
            issued_at: session.issuedAt,
            expires_at: session.expiresAt,
            revoked_at: null,
          })
          .execute()
        await writeAudit(trx, at, actor, [{ action: "password_changed" }])
        return true
      })
    },

    /**
     * `npm run admin -- set-password`: the operator's way back in, so it creates the account
     * (an owner) when there is none of that name. Its sessions end in the same transaction.
     */
    async setPasswordFromCommandLine(username: string, passwordHash: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const at = now()
        const row = await trx
          .insertInto("admin_users")
          .values(ownerRow(username, passwordHash, at))
          .onConflict((oc) =>
            oc.column("username").doUpdateSet({ password_hash: passwordHash, updated_at: at }),
          )
          .returning("id")
          .executeTakeFirstOrThrow()
        await endSessions(trx, row.id)
      })
    },

    /**
     * A new role for the account, unless that leaves no owner. Its sessions end (but `keep`,
     * the caller's own when they change their own role): the next sign-in has the new role.
     */
    async changeRole(
      id: string,
      role: AdminRole,
      actor: Actor,
      keep?: string,
    ): Promise<RoleChange | "last_owner"> {
      return unlessLastOwner(() =>
        db.transaction().execute(async (trx): Promise<RoleChange> => {
          await lockOwners(trx)
          const at = now()
          const row = await trx
            .updateTable("admin_users")
            .set({ role, updated_at: at })
            .where("id", "=", id)
            .returning(["id", "username", "role", "totp_secret", "created_at"])
            .executeTakeFirst()
          if (!row) return { outcome: "not_found" }
          if ((await ownersLeft(trx)) === 0) throw new LastOwner()
          await endSessions(trx, id, keep)
          await writeAudit(trx, at, actor, [
            { action: "user_role_changed", detail: `${row.username} (${row.role})` },
          ])
          return {
            outcome: "done",
            member: {
              id: row.id,
              username: row.username,
              role: row.role,
              totpEnabled: row.totp_secret !== null,
              createdAt: new Date(Number(row.created_at)).toISOString(),
            },
          }
        }),
      )
    },

    /** Removes the account, unless it is the last owner; its sessions go with it (cascade). */
    async remove(id: string, actor: Actor): Promise<"done" | "not_found" | "last_owner"> {
      return unlessLastOwner(() =>
        db.transaction().execute(async (trx) => {
          await lockOwners(trx)
          const row = await trx
            .deleteFrom("admin_users")
            .where("id", "=", id)
            .returning("username")
            .executeTakeFirst()
          if (!row) return "not_found" as const
          if ((await ownersLeft(trx)) === 0) throw new LastOwner()
          await writeAudit(trx, now(), actor, [{ action: "user_removed", detail: row.username }])
          return "done" as const
        }),
      )
    },

    /**
     * Turns the account's second factor on with the secret its enrolment waits with (`pending`,
     * as stored: a setup started again meanwhile wins), and ends its other sessions than `keep`:
     * whoever else held one signs in again, with the code. False when that enrolment is gone.
     */
    async enableTotp(
      adminId: string,
      pending: string,
      sealed: string,
      step: number,
      keep: string,
      actor: Actor,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const at = now()
        const updated = await trx
          .updateTable("admin_users")
          .set({
            totp_secret: sealed,
            totp_pending_secret: null,
            totp_last_step: step,
            updated_at: at,
          })
          .where("id", "=", adminId)
          .where("totp_pending_secret", "=", pending)
          .executeTakeFirst()
        if (Number(updated.numUpdatedRows) === 0) return false
        await endSessions(trx, adminId, keep)
        await writeAudit(trx, at, actor, [{ action: "totp_enabled" }])
        return true
      })
    },
  }
}

export type AccountChangesRepository = ReturnType<typeof accountChangesRepository>
