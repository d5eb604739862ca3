import { createSecretKey, type KeyObject, randomBytes } from "node:crypto"
import fs from "node:fs"
import path from "node:path"
import { keyCheckValue, sameKeyCheck } from "../auth/totp-cipher"
import {
  locateTotpKey,
  syncDirectory,
  TOTP_KEY_FILE,
  writeKeyToTemporary,
} from "../auth/totp-key-file"
import { storedTotpValues, TOTP_KEY_CHECK, totpSecretsWith } from "../auth/totp-secrets"
import { type Config, ConfigError, shownValue } from "../config"
import { parseTotpKey, TOTP_KEY_FORMAT } from "../config/totp-key"
import type { Store } from "../store"

// npm run admin -- rotate-totp-key: a new key for the admins' TOTP secrets (a key that may
// have been seen, someone who held it leaves, a yearly routine). Every secret is opened with
// the current key and sealed again with the new one; the store then records the new key.
// The instances are stopped meanwhile: one still running would seal an enrolment with the
// old key, which the new one does not open.
//
// Where the new key comes from and goes:
// - the current key is DATA_DIR/totp.key: a new random key (or NEW_TOTP_ENCRYPTION_KEY's)
//   replaces the file;
// - the current key is TOTP_ENCRYPTION_KEY: the new one is given in NEW_TOTP_ENCRYPTION_KEY,
//   and the operator then sets it as TOTP_ENCRYPTION_KEY on every instance.
//
// A rotation stopped half-way (a crash, a lost connection) is finished by running the command
// again with the same new key: before sealing anything the store records the new key's check
// value (key_checks "totp_next"), and another new key is refused until that one is done,
// since the secrets already sealed with it would open with neither. With the key file, the
// new key waits in DATA_DIR/totp.key.next until the store has recorded it as its key.

export type TotpKeyRotation = {
  /** Secrets (enabled or being enrolled) sealed again with the new key. */
  resealed: number
  /** Accounts whose stored value opened with neither key: left as they are (reset-2fa). */
  unreadable: string[]
  /** Where the new key is now: the key file, or to be set as TOTP_ENCRYPTION_KEY. */
  keyNowIn: "file" | "environment"
  /** With TOTP_ENCRYPTION_KEY, a DATA_DIR/totp.key left from before (the server ignores it): a copy of an old key. */
  unusedKeyFile: string | null
}

const NEXT_KEY_CHECK = `${TOTP_KEY_CHECK}_next`
export const NEXT_KEY_SUFFIX = ".next"

export async function rotateTotpKey(
  store: Store,
  config: Pick<Config, "totpEncryptionKey" | "dataDir">,
  nextKeyText: string | null,
): Promise<TotpKeyRotation> {
  const source = locateTotpKey(config.totpEncryptionKey, config.dataDir)
  if (source.kind === "none")
    throw new ConfigError(
      "there is no TOTP key to rotate yet (no TOTP_ENCRYPTION_KEY, no DATA_DIR/totp.key): the first start writes one.",
    )
  const given = nextKeyText === null ? null : parseTotpKey(nextKeyText)
  if (nextKeyText !== null && given === null) {
    throw new ConfigError(
      `NEW_TOTP_ENCRYPTION_KEY: must be ${TOTP_KEY_FORMAT} (${shownValue("NEW_TOTP_ENCRYPTION_KEY", nextKeyText)})`,
    )
  }
  if (source.kind === "environment" && given === null) {
    throw new ConfigError(
      "NEW_TOTP_ENCRYPTION_KEY: unset. The TOTP key comes from TOTP_ENCRYPTION_KEY: give the new one in " +
        "NEW_TOTP_ENCRYPTION_KEY (e.g. `openssl rand -base64 32`), " +
        "then set it as TOTP_ENCRYPTION_KEY on every instance.",
    )
  }
  const pendingFile = source.kind === "file" ? source.file + NEXT_KEY_SUFFIX : null
  const next = given ?? readPendingKey(pendingFile!) ?? createSecretKey(randomBytes(32))
  const [currentCheck, nextCheck] = [keyCheckValue(source.key), keyCheckValue(next)]
  if (sameKeyCheck(nextCheck, currentCheck))
    throw new ConfigError(
      "NEW_TOTP_ENCRYPTION_KEY: is the current key; a rotation needs another one.",
    )

  const recorded = await store.keyChecks.get(TOTP_KEY_CHECK)
  if (
    recorded !== null &&
    !sameKeyCheck(recorded, currentCheck) &&
    !sameKeyCheck(recorded, nextCheck)
  ) {
    throw new ConfigError(
      "this server's TOTP key is not the store's: a rotation starts from the key the " +
        "secrets are sealed with (`npm run admin -- reset-totp-key` if it is lost).",
    )
  }
  let unfinished = await store.keyChecks.get(NEXT_KEY_CHECK)
  if (unfinished !== null && recorded !== null && sameKeyCheck(unfinished, recorded)) {
    // That rotation was done but for this mark.
    await store.keyChecks.remove(NEXT_KEY_CHECK)
    unfinished = null
  }
  if (unfinished !== null && !sameKeyCheck(unfinished, nextCheck)) {
    throw new ConfigError(
      "an earlier rotation to another key was stopped half-way: some " +
        "secrets are sealed with that key. Finish it first: run the " +
        "command again with the same NEW_TOTP_ENCRYPTION_KEY (with " +
        "the key file, without one: DATA_DIR/totp.key.next holds it).",
    )
  }

  // The new key is written down (key file) and its check recorded before anything is sealed with it.
  if (pendingFile) fs.renameSync(writeKeyToTemporary(pendingFile, next), pendingFile)
  await store.keyChecks.replace(NEXT_KEY_CHECK, nextCheck)

  const current = totpSecretsWith(source.key)
  const sealer = totpSecretsWith(next)
  let resealed = 0
  const unreadable = new Set<string>()
  for (const account of await store.admins.storedTotp()) {
    for (const [column, stored] of storedTotpValues(account)) {
      if (stored === null || sealer.open(account.id, stored) !== null) continue
      const secret = current.open(account.id, stored)
      if (secret === null) unreadable.add(account.username)
      else if (
        await store.admins.replaceStoredTotp(
          account.id,
          column,
          stored,
          sealer.seal(account.id, secret),
        )
      )
        resealed++
    }
  }
  await store.keyChecks.replace(TOTP_KEY_CHECK, nextCheck)
  if (pendingFile && source.kind === "file") {
    fs.renameSync(pendingFile, source.file)
    syncDirectory(config.dataDir)
  }
  await store.keyChecks.remove(NEXT_KEY_CHECK)
  const keyFile = path.join(config.dataDir, TOTP_KEY_FILE)
  const unusedKeyFile = source.kind === "environment" && fs.existsSync(keyFile) ? keyFile : null
  return { resealed, unreadable: [...unreadable], keyNowIn: source.kind, unusedKeyFile }
}

function readPendingKey(file: string): KeyObject | null {
  if (!fs.existsSync(file)) return null
  const key = parseTotpKey(fs.readFileSync(file, "utf8"))
  if (!key)
    throw new ConfigError(
      `${file} (the new key of an unfinished rotation) does not hold a TOTP key.`,
    )
  return key
}
