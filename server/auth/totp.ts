import { Secret, TOTP } from "otpauth"
import type { AdminsRepository } from "../store/admins"
import type { TotpSecrets } from "./totp-secrets"

// RFC 6238 with the parameters every authenticator app reads: SHA-1, 6 digits, 30 s.
const PERIOD_S = 30
const totpFor = (secret: string, label = "", issuer = "") =>
  new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_S,
    label,
    issuer,
  })

/** 160 random bits, base32: what the RFC 4226 recommends and authenticator apps expect. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32

/** The otpauth:// address an authenticator app reads (from a QR code or typed). */
export const totpUri = (secret: string, username: string, issuer: string) =>
  totpFor(secret, username, issuer).toString()

/** The code of `secret` at `nowMs`: for tests and for nothing else. */
export const totpCode = (secret: string, nowMs: number) =>
  totpFor(secret).generate({ timestamp: nowMs })

/** The time step of `code` when it is valid at `nowMs`, one step of clock drift either way allowed; null otherwise. */
export function totpStep(secret: string, code: string, nowMs: number): number | null {
  const delta = totpFor(secret).validate({ token: code, timestamp: nowMs, window: 1 })
  return delta === null ? null : Math.floor(nowMs / 1000 / PERIOD_S) + delta
}

/** "unreadable": the stored secret does not open (the key changed, or the value was altered or moved). */
export type SecondFactor = "ok" | "required" | "invalid" | "unreadable"

/**
 * The second step of a sign-in whose password was right. A code is accepted once: its step is
 * taken atomically, so a code seen over a shoulder or replayed in parallel fails the second time.
 */
export async function checkSecondFactor(
  admins: AdminsRepository,
  secrets: TotpSecrets,
  admin: { id: string; totpSecret: string | null },
  code: string | undefined,
  nowMs: number,
): Promise<SecondFactor> {
  if (!admin.totpSecret) return "ok"
  const secret = secrets.open(admin.id, admin.totpSecret)
  if (secret === null) return "unreadable"
  if (!code) return "required"
  const step = totpStep(secret, code, nowMs)
  if (step === null) return "invalid"
  return (await admins.useTotpStep(admin.id, step)) ? "ok" : "invalid"
}
