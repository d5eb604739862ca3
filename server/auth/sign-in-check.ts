import type { AdminUser, AdminsRepository } from "../store/admins"
import { checkPassword } from "./password"
import { isRefused, type LoginSlot, type loginThrottle } from "./throttle"
import { checkSecondFactor } from "./totp"
import type { TotpSecrets } from "./totp-secrets"

export type SignInCheck =
  | { result: "wrong_password" }
  /** The password was right, but the account's code checks wait (too many wrong codes). */
  | { result: "code_wait"; retryAfterMs: number }
  | { result: "totp_unreadable" | "totp_required" | "wrong_code" | "ok"; admin: AdminUser }

interface Deps {
  admins: AdminsRepository
  totpSecrets: TotpSecrets
  throttle: ReturnType<typeof loginThrottle>
  now: () => number
}

/**
 * The password, then (for an account that has one) the second factor, in the password's
 * throttle slot, which this ends: a wrong password or a wrong code counts as a failure; a
 * right password sent without its code (the form then asks for it), an unreadable secret or
 * a code check that must wait count as neither. A code is checked only in the account's code
 * slot (throttle.acquireCodeCheck), whatever the address it comes from.
 */
export async function checkSignIn(
  { admins, totpSecrets, throttle, now }: Deps,
  slot: LoginSlot,
  username: string,
  password: string,
  code: string | undefined,
): Promise<SignInCheck> {
  let codeSlot: LoginSlot | null = null
  try {
    const found = await admins.findByUsername(username)
    const right = await checkPassword(found?.passwordHash ?? null, password)
    if (!right || !found) {
      await slot.failed()
      return { result: "wrong_password" }
    }
    if (found.totpSecret && code) {
      const taken = await throttle.acquireCodeCheck(username)
      if (isRefused(taken)) {
        await slot.release()
        return { result: "code_wait", retryAfterMs: taken.retryAfterMs }
      }
      codeSlot = taken
    }
    const second = await checkSecondFactor(admins, totpSecrets, found, code, now())
    if (second === "invalid") {
      await Promise.all([slot.failed(), codeSlot?.failed()])
      return { result: "wrong_code", admin: found }
    }
    if (second === "ok") {
      await Promise.all([slot.succeeded(), codeSlot?.succeeded()])
      return { result: "ok", admin: found }
    }
    await Promise.all([slot.release(), codeSlot?.release()])
    return { result: second === "required" ? "totp_required" : "totp_unreadable", admin: found }
  } catch (error) {
    await Promise.all([slot.release(), codeSlot?.release()])
    throw error
  }
}
