import { randomBytes } from "node:crypto"
import type { Config } from "../config"
import type { Store } from "../store"
import { hashPassword } from "./password"

/**
 * Creates the admin account at first start. Returns the generated password when none was
 * configured, for the process to print once; it is stored only as a hash.
 */
export async function ensureAdminAccount(store: Store, config: Config): Promise<string | null> {
  if ((await store.admins.count()) > 0) return null
  const password = config.adminPassword ?? randomBytes(18).toString("base64url")
  await store.admins.upsert(config.adminUsername, await hashPassword(password))
  return config.adminPassword ? null : password
}
