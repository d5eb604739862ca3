import { addressGroup } from "../address-group"
import {
  accountKey,
  addressKey,
  type LoginThrottleRepository,
  secondFactorKey,
} from "../store/login-throttle"

/**
 * OWASP's Authentication and Credential Stuffing cheat sheets, with the state in the store so
 * that every server process counts together:
 * - per client address: 10 free failures (an office shares one address), then each attempt
 *   waits 1 s, 2 s, 4 s ... up to 15 min, one at a time;
 * - per account: at most 2 password checks at once, and from an address that has failed
 *   recently, 1 at a time and the same growing wait after 3 failures of the account. An
 *   address with no recent failure is never made to wait for the account, so a stranger
 *   cannot lock the admin out by failing on purpose;
 * - per account, second-factor codes, whatever the address: one checked at a time, 5 wrong
 *   codes free, then each check waits the same growing delay. Only someone who has the
 *   password reaches a code check, so this wait cannot be imposed by a stranger, and it never
 *   exceeds the password's 15 minutes: the real person's right code gets in after it.
 * An "address" is an IPv4 address or an IPv6 /64 (server/address-group.ts).
 */
export const LOGIN_POLICY = {
  address: { free: 10, maxInFlight: 2 },
  account: { free: 3, maxInFlight: 2, maxInFlightFromFailedAddress: 1 },
  secondFactor: { free: 5, maxInFlight: 1 },
  maxDelayMs: 15 * 60_000,
} as const

/** After `free` failures, each failure doubles the wait: 1 s, 2 s, 4 s ... up to 15 min. */
export const delayAfter = (failures: number, free: number) =>
  failures < free ? 0 : Math.min(1000 * 2 ** (failures - free), LOGIN_POLICY.maxDelayMs)

/** A password check that may run; exactly one of its methods is called when it is over. */
export interface LoginSlot {
  failed(): Promise<void>
  succeeded(): Promise<void>
  release(): Promise<void>
}

export type SlotRefused = { refused: true; retryAfterMs: number }

export function loginThrottle(repository: LoginThrottleRepository) {
  return {
    /** Takes a check slot for this account from this address, or says how long to wait. */
    async acquire(username: string, ip: string): Promise<LoginSlot | SlotRefused> {
      const keys = { address: addressKey(addressGroup(ip)), account: accountKey(username) }
      const address = await repository.take(keys.address, LOGIN_POLICY.address)
      if (!address)
        return {
          refused: true,
          retryAfterMs: Math.max(1000, await repository.waitMs(keys.address)),
        }
      const failedBefore = address.failures > 0
      const { account: policy } = LOGIN_POLICY
      const account = await repository.take(
        keys.account,
        failedBefore
          ? { maxInFlight: policy.maxInFlightFromFailedAddress, free: policy.free }
          : { maxInFlight: policy.maxInFlight, free: null },
      )
      if (!account) {
        await repository.release(keys.address)
        return {
          refused: true,
          retryAfterMs: Math.max(1000, failedBefore ? await repository.waitMs(keys.account) : 0),
        }
      }
      return {
        async failed() {
          await repository.fail(keys.address, (n) => delayAfter(n, LOGIN_POLICY.address.free))
          await repository.fail(keys.account, (n) => delayAfter(n, policy.free))
        },
        async succeeded() {
          await Promise.all([repository.release(keys.address), repository.release(keys.account)])
          await repository.clear([keys.address, keys.account])
        },
        async release() {
          await Promise.all([repository.release(keys.address), repository.release(keys.account)])
        },
      }
    },

    /**
     * Takes the account's one second-factor check slot (after its password was right), or says
     * how long to wait: wrong codes are counted per account, not per address.
     */
    async acquireCodeCheck(username: string): Promise<LoginSlot | SlotRefused> {
      const key = secondFactorKey(username)
      if (!(await repository.take(key, LOGIN_POLICY.secondFactor)))
        return { refused: true, retryAfterMs: Math.max(1000, await repository.waitMs(key)) }
      return {
        failed: () => repository.fail(key, (n) => delayAfter(n, LOGIN_POLICY.secondFactor.free)),
        async succeeded() {
          await repository.release(key)
          await repository.clear([key])
        },
        release: () => repository.release(key),
      }
    },

    /** Forgets an account's failures: after its password was changed or set. */
    clearAccount: (username: string) => repository.clear([accountKey(username)]),
  }
}

export const isRefused = (slot: LoginSlot | SlotRefused): slot is SlotRefused => "refused" in slot
