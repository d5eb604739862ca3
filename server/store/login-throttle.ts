import { createHash } from "node:crypto"
import { type Kysely, sql } from "kysely"
import type { Clock } from "./query-helpers"
import type { Database } from "./schema"

// A key left alone this long starts counting again from zero.
const FORGET_AFTER_MS = 24 * 3_600_000
// A password check takes well under a second; a slot held longer belonged to a process that died.
const LEASE_MS = 30_000

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex")

// Keys are hashes: the table tells attempts apart without holding the addresses, or the user
// names that were tried (a password typed into the name field, say).
export const accountKey = (username: string) => `account:${sha256(username)}`
/** `group`: an IPv4 address or an IPv6 /64 (server/address-group.ts). */
export const addressKey = (group: string) => `address:${sha256(group)}`
/** Wrong second-factor codes of an account, whatever the address. */
export const secondFactorKey = (username: string) => `totp:${sha256(username)}`

/** When a key lets a password check start. */
export interface Gate {
  /** Checks that may run at once under the key. */
  maxInFlight: number
  /**
   * Failures (running checks included) allowed before each further attempt waits until
   * `blocked_until`, one at a time; null: failures never make this key wait.
   */
  free: number | null
}

/**
 * Login throttling state shared by every server process through the store. A slot is taken
 * by one conditional upsert before the password is checked, so parallel requests cannot all
 * pass a check that reads first and writes after.
 */
export function loginThrottleRepository(db: Kysely<Database>, now: Clock) {
  const live = (at: number) =>
    sql<number>`(case when login_throttle.lease_until < ${at} then 0 else login_throttle.in_flight end)`
  const failures = (at: number) =>
    sql<number>`(case when login_throttle.last_failure_at < ${at - FORGET_AFTER_MS}
      then 0 else login_throttle.failures end)`

  return {
    /**
     * Takes a check slot under `key` when `gate` allows it; returns the key's recent failures, or
     * null when refused.
     */
    async take(key: string, gate: Gate): Promise<{ failures: number } | null> {
      const at = now()
      const running = live(at)
      const failed = failures(at)
      const delayed =
        gate.free === null
          ? sql<boolean>`1 = 1`
          : sql<boolean>`(${failed} + ${running} < ${gate.free}
              or (login_throttle.blocked_until <= ${at} and ${running} = 0))`
      const row = await db
        .insertInto("login_throttle")
        .values({
          key,
          failures: 0,
          last_failure_at: 0,
          blocked_until: 0,
          in_flight: 1,
          lease_until: at + LEASE_MS,
        })
        .onConflict((oc) =>
          oc
            .column("key")
            .doUpdateSet({
              failures: failed,
              in_flight: sql`${running} + 1`,
              lease_until: at + LEASE_MS,
            })
            .where(sql<boolean>`${running} < ${gate.maxInFlight} and ${delayed}`),
        )
        .returning("failures")
        .executeTakeFirst()
      return row ? { failures: Number(row.failures) } : null
    },

    /**
     * Counts a failed check under `key` and frees its slot. The wait is in place before the
     * slot is freed, so no attempt slips in between.
     */
    async fail(key: string, delayAfter: (failures: number) => number): Promise<void> {
      const at = now()
      const row = await db
        .insertInto("login_throttle")
        .values({
          key,
          failures: 1,
          last_failure_at: at,
          blocked_until: 0,
          in_flight: 1,
          lease_until: at + LEASE_MS,
        })
        .onConflict((oc) =>
          oc.column("key").doUpdateSet({ failures: sql`${failures(at)} + 1`, last_failure_at: at }),
        )
        .returning("failures")
        .executeTakeFirstOrThrow()
      const until = at + delayAfter(Number(row.failures))
      await db
        .updateTable("login_throttle")
        .set({
          blocked_until: sql`case when blocked_until < ${until} then ${until} else blocked_until end`,
          in_flight: sql`case when in_flight > 0 then in_flight - 1 else 0 end`,
        })
        .where("key", "=", key)
        .execute()
    },

    /** Frees a slot without counting a failure. */
    async release(key: string): Promise<void> {
      await db
        .updateTable("login_throttle")
        .set({ in_flight: sql`case when in_flight > 0 then in_flight - 1 else 0 end` })
        .where("key", "=", key)
        .execute()
    },

    /** Forgets the failures of `keys`; running checks keep their slots. */
    async clear(keys: string[]): Promise<void> {
      await db
        .updateTable("login_throttle")
        .set({ failures: 0, blocked_until: 0 })
        .where("key", "in", keys)
        .execute()
    },

    /** Milliseconds until `key` stops making attempts wait (0 when it does not). */
    async waitMs(key: string): Promise<number> {
      const row = await db
        .selectFrom("login_throttle")
        .select("blocked_until")
        .where("key", "=", key)
        .executeTakeFirst()
      return Math.max(0, Number(row?.blocked_until ?? 0) - now())
    },

    /** Rows no check holds and no failure keeps; housekeeping drops them. */
    async deleteStale(): Promise<void> {
      const at = now()
      await db
        .deleteFrom("login_throttle")
        .where("last_failure_at", "<", at - FORGET_AFTER_MS)
        .where("lease_until", "<", at)
        .execute()
    },
  }
}

export type LoginThrottleRepository = ReturnType<typeof loginThrottleRepository>
