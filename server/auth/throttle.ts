import type { LoginFailuresRepository } from "../store/login-failures"
import type { Clock } from "../store/query-helpers"

// Free attempts before delays start: an account is attacked from many addresses, an
// office may share one address between several people.
const FREE_ATTEMPTS = { user: 3, ip: 10 }
const MAX_DELAY_MS = 15 * 60_000

/** After the free attempts, each failure doubles the wait: 1 s, 2 s, 4 s ... up to 15 min. */
export const delayAfter = (failures: number, free: number) =>
  failures < free ? 0 : Math.min(1000 * 2 ** (failures - free), MAX_DELAY_MS)

/** Failed logins, counted per account name (known or not) and per client address. */
export function loginThrottle(failures: LoginFailuresRepository, now: Clock) {
  const keysFor = (username: string, ip: string) => ({ user: `user:${username}`, ip: `ip:${ip}` })

  return {
    /** Milliseconds the client must still wait before trying again; 0 when it may try. */
    async waitMs(username: string, ip: string): Promise<number> {
      const keys = keysFor(username, ip)
      const records = await failures.find([keys.user, keys.ip])
      let wait = 0
      for (const record of records) {
        const free = record.key === keys.user ? FREE_ATTEMPTS.user : FREE_ATTEMPTS.ip
        wait = Math.max(wait, record.lastFailureAt + delayAfter(record.failures, free) - now())
      }
      return wait
    },
    async failed(username: string, ip: string) {
      const keys = keysFor(username, ip)
      await failures.record([keys.user, keys.ip])
    },
    async succeeded(username: string, ip: string) {
      const keys = keysFor(username, ip)
      await failures.clear([keys.user, keys.ip])
    },
  }
}
