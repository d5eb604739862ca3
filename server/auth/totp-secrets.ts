import type { KeyObject } from "node:crypto"
import { type Config, ConfigError } from "../config"
import type { Store } from "../store"
import type { StoredTotp, TotpColumn } from "../store/admins"
import {
  isLegacyTotpSecret,
  isSealedTotpSecret,
  keyCheckValue,
  openTotpSecret,
  sameKeyCheck,
  sealTotpSecret,
} from "./totp-cipher"
import { createTotpKeyFile, locateTotpKey, type TotpKeySource } from "./totp-key-file"

/** The row of key_checks that holds the TOTP key's check value. */
export const TOTP_KEY_CHECK = "totp"

/** Seals and opens the TOTP secrets of the store, with a key checked against it at start-up. */
export interface TotpSecrets {
  seal(adminId: string, secret: string): string
  /** The base32 secret; null when the stored value does not open (another key, another account's value, altered). */
  open(adminId: string, stored: string): string | null
}

export function totpSecretsWith(key: KeyObject): TotpSecrets {
  return {
    seal: (adminId, secret) => sealTotpSecret(key, adminId, secret),
    // A base32 value is one an earlier release wrote (a rolling upgrade): it still works, and
    // the next start seals it.
    open: (adminId, stored) =>
      isSealedTotpSecret(stored)
        ? openTotpSecret(key, adminId, stored)
        : isLegacyTotpSecret(stored)
          ? stored
          : null,
  }
}

/**
 * At start-up, before any request: the key (TOTP_ENCRYPTION_KEY, else DATA_DIR/totp.key,
 * written at the first start), refused unless the store's check value is its own; then the
 * secrets still stored in plain text are sealed in place.
 */
export async function prepareTotpSecrets(
  store: Store,
  config: Pick<Config, "totpEncryptionKey" | "dataDir">,
  log: { info(message: string): void; warn(message: string): void },
): Promise<TotpSecrets> {
  const key = await checkedTotpKey(store, config)
  const { sealed, unreadable } = await sealLegacyTotpSecrets(store, key)
  if (sealed > 0)
    log.info(`TOTP secrets: ${sealed} stored in plain text by an earlier release are now encrypted`)
  if (unreadable.length > 0) {
    log.warn(
      `TOTP secrets of ${unreadable.join(", ")} are neither encrypted nor base32: left as they ` +
        `are; reset their two-factor sign-in (team page, or npm run admin -- reset-2fa NAME)`,
    )
  }
  return totpSecretsWith(key)
}

/**
 * The key, if the store's TOTP secrets are sealed with it. The first instance to start on a
 * store records its key's check value; the others compare with the value stored, so of
 * instances starting together with different keys exactly one group starts.
 */
export async function checkedTotpKey(
  store: Store,
  config: Pick<Config, "totpEncryptionKey" | "dataDir">,
): Promise<KeyObject> {
  let source = locateTotpKey(config.totpEncryptionKey, config.dataDir)
  if (source.kind === "none" && (await store.keyChecks.get(TOTP_KEY_CHECK)) !== null) {
    // A store that already has a key gets no new key file: that key would not open its
    // secrets. Unless another process sharing DATA_DIR has just written the file: it writes
    // the file before it records the check, so a check seen now means its file is there now.
    source = locateTotpKey(null, config.dataDir)
    if (source.kind === "none") throw new ConfigError(wrongKey(source))
  }
  if (source.kind === "none")
    source = { kind: "file", key: createTotpKeyFile(source.file), file: source.file }
  const check = keyCheckValue(source.key)
  if (!sameKeyCheck(await store.keyChecks.claim(TOTP_KEY_CHECK, check), check))
    throw new ConfigError(wrongKey(source))
  return source.key
}

/** An account's two stored TOTP values (enabled, being enrolled), each with its column. */
export const storedTotpValues = (account: StoredTotp) =>
  [
    ["totp_secret", account.totpSecret],
    ["totp_pending_secret", account.totpPendingSecret],
  ] as const satisfies readonly (readonly [TotpColumn, string | null])[]

/** Seals the base32 values in place, each only if still unchanged; returns how many, and the accounts holding junk. */
export async function sealLegacyTotpSecrets(
  store: Store,
  key: KeyObject,
): Promise<{ sealed: number; unreadable: string[] }> {
  let sealed = 0
  const unreadable = new Set<string>()
  for (const account of await store.admins.storedTotp()) {
    for (const [column, value] of storedTotpValues(account)) {
      if (value === null || isSealedTotpSecret(value)) continue
      if (!isLegacyTotpSecret(value)) unreadable.add(account.username)
      else if (
        await store.admins.replaceStoredTotp(
          account.id,
          column,
          value,
          sealTotpSecret(key, account.id, value),
        )
      )
        sealed++
    }
  }
  return { sealed, unreadable: [...unreadable] }
}

const WHAT_TO_DO =
  "Set the same TOTP_ENCRYPTION_KEY on every instance that shares the " +
  "database; after a restore, use the key of the server the backup came from " +
  "(its TOTP_ENCRYPTION_KEY or DATA_DIR/totp.key). If that key is lost, " +
  "`npm run admin -- reset-totp-key` turns two-factor sign-in off for the " +
  "accounts that had it, and they enrol again (docs/OPERATIONS.md)."

const keyOrigin = (source: TotpKeySource) =>
  source.kind === "environment"
    ? "from TOTP_ENCRYPTION_KEY"
    : `TOTP_ENCRYPTION_KEY is unset: the one in ${source.file}`

function wrongKey(source: TotpKeySource): string {
  const problem =
    source.kind === "none"
      ? `the store's TOTP secrets are encrypted with a key this instance does not have (TOTP_ENCRYPTION_KEY ` +
        `is unset and ${source.file} does not exist: a restore without its key, or a new DATA_DIR?).`
      : `this instance's key (${keyOrigin(source)}) ` +
        `is not the one the store's TOTP secrets are encrypted with, ` +
        `which the first instance that started on the store recorded.`
  return `TOTP_ENCRYPTION_KEY: ${problem} ${WHAT_TO_DO}`
}
