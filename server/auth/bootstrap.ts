import { randomBytes } from "node:crypto"
import type { Config } from "../config"
import type { Store } from "../store"
import { checkPassword, hashPassword } from "./password"

/**
 * Creates the admin account at first start. Returns the generated password when none was
 * configured, for the process to print once; it is stored only as a hash. Instances that
 * start together create the account once: only the one whose insert won prints a password.
 * Once an account exists ADMIN_PASSWORD no longer applies, and `warn` says so when it
 * differs from the stored one (an operator who changed it expects it to work).
 */
export async function ensureAdminAccount(
  store: Store,
  config: Config,
  warn: (message: string) => void,
): Promise<string | null> {
  if ((await store.admins.count()) > 0) {
    if (config.adminPassword !== null) {
      const admin = await store.admins.findByUsername(config.adminUsername)
      if (!admin) {
        warn(
          `ADMIN_USERNAME "${config.adminUsername}" has no account and ADMIN_PASSWORD is ignored: they apply only ` +
            `when the first account is created. Use \`npm run admin -- set-password ${config.adminUsername}\`.`,
        )
      } else if (!(await checkPassword(admin.passwordHash, config.adminPassword))) {
        warn(
          `ADMIN_PASSWORD differs from the password of "${config.adminUsername}" ` +
            `and is ignored: it applies only when the account is created. ` +
            `Change the password with \`npm run admin -- set-password ` +
            `${config.adminUsername}\` (or in the admin area), then remove ADMIN_PASSWORD.`,
        )
      }
    }
    return null
  }
  const password = config.adminPassword ?? randomBytes(18).toString("base64url")
  const created = await store.admins.insertIfAbsent(
    config.adminUsername,
    await hashPassword(password),
  )
  return created && config.adminPassword === null ? password : null
}
