import { hash, verify } from "@node-rs/argon2"

// OWASP's argon2id minimum: 19 MiB of memory, 2 passes, 1 lane (argon2id is the library's default).
const PARAMS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 }

export const hashPassword = (password: string) => hash(password, PARAMS)

let decoy: Promise<string> | null = null

/**
 * Checks `password` against `passwordHash`; with no hash (unknown user) it still spends the
 * time of a real check, so the answer time does not tell which user names exist.
 */
export async function checkPassword(
  passwordHash: string | null,
  password: string,
): Promise<boolean> {
  if (passwordHash === null) {
    decoy ??= hashPassword("decoy password, never matches")
    await verify(await decoy, password).catch(() => false)
    return false
  }
  return verify(passwordHash, password).catch(() => false)
}
