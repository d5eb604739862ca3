import { isLegacyTotpSecret, keyCheckValue, sameKeyCheck } from "../auth/totp-cipher"
import { createTotpKeyFile, locateTotpKey } from "../auth/totp-key-file"
import { sealLegacyTotpSecrets, TOTP_KEY_CHECK, totpSecretsWith } from "../auth/totp-secrets"
import type { Config } from "../config"
import type { Store } from "../store"

// npm run admin -- reset-totp-key: the way back when the key the store's TOTP secrets were
// sealed with is lost (a restore without it). Those secrets cannot be opened by anyone any
// more; the accounts that had one get two-factor sign-in turned off and enrol again, and the
// key this instance has becomes the store's. Nothing that still opens is touched.

export type TotpKeyReset =
  /** The store has no key recorded, or this one: nothing to do. */
  | { status: "key_matches" }
  /** Without --yes: what --yes would turn off. */
  | { status: "would_reset"; accounts: string[] }
  | { status: "done"; accounts: string[] }

export async function resetTotpKey(
  store: Store,
  config: Pick<Config, "totpEncryptionKey" | "dataDir">,
  confirmed: boolean,
): Promise<TotpKeyReset> {
  let source = locateTotpKey(config.totpEncryptionKey, config.dataDir)
  const recorded = await store.keyChecks.get(TOTP_KEY_CHECK)
  if (
    recorded === null ||
    (source.kind !== "none" && sameKeyCheck(keyCheckValue(source.key), recorded))
  )
    return { status: "key_matches" }

  // Without any key yet (no TOTP_ENCRYPTION_KEY, no key file), only base32 values still open.
  const open =
    source.kind === "none"
      ? (_id: string, stored: string) => (isLegacyTotpSecret(stored) ? stored : null)
      : totpSecretsWith(source.key).open
  const lost = (await store.admins.storedTotp())
    .map((account) => ({
      ...account,
      secretLost: account.totpSecret !== null && open(account.id, account.totpSecret) === null,
      pendingLost:
        account.totpPendingSecret !== null && open(account.id, account.totpPendingSecret) === null,
    }))
    .filter((account) => account.secretLost || account.pendingLost)
  const accounts = lost.map((account) => account.username)
  if (!confirmed) return { status: "would_reset", accounts }

  if (source.kind === "none")
    source = { kind: "file", key: createTotpKeyFile(source.file), file: source.file }
  for (const account of lost) {
    if (account.secretLost) {
      await store.admins.disableTotp(account.id)
      await store.audit.record(
        { username: "(command line)", ip: null },
        { action: "user_totp_reset", detail: `${account.username} (TOTP key lost)` },
      )
    } else {
      // Only an enrolment in progress is lost: the enabled secret still opens and stays.
      await store.admins.setPendingTotp(account.id, null)
    }
  }
  await store.keyChecks.replace(TOTP_KEY_CHECK, keyCheckValue(source.key))
  await sealLegacyTotpSecrets(store, source.key)
  return { status: "done", accounts }
}
