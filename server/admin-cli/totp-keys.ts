import { resetTotpKey } from "../ops/totp-key-reset"
import { rotateTotpKey } from "../ops/totp-key-rotation"
import { withStore } from "./with-store"

export async function resetTotpKeyCommand(confirmed: boolean) {
  const outcome = await withStore((store, config) => resetTotpKey(store, config, confirmed))
  if (outcome.status === "key_matches") {
    process.stdout.write(
      "This server's TOTP key is the store's: nothing to reset (one account: reset-2fa NAME).\n",
    )
    return
  }
  const names = outcome.accounts.map((name) => `"${name}"`).join(", ") || "no account"
  if (outcome.status === "would_reset") {
    process.stdout.write(
      `This server's TOTP key is not the store's. With --yes, two-factor sign-in ` +
        `is turned off for ${names} (their secrets cannot be opened without ` +
        "the old key), and this server's key becomes the store's. If the " +
        "old key can still be found, set it instead (TOTP_ENCRYPTION_KEY or " +
        "DATA_DIR/totp.key). Take a backup first: it keeps the old secrets should the key turn up.\n",
    )
    process.exitCode = 1
    return
  }
  process.stdout.write(
    `Two-factor sign-in turned off for ${names}; this server's TOTP ` +
      `key is now the store's. Those accounts set it up again.\n`,
  )
}

export async function rotateTotpKeyCommand() {
  await withStore(async (store, config) => {
    const next = process.env.NEW_TOTP_ENCRYPTION_KEY?.trim() || null
    const { resealed, unreadable, keyNowIn, unusedKeyFile } = await rotateTotpKey(
      store,
      config,
      next,
    )
    const where =
      keyNowIn === "file"
        ? `The new key is in ${config.dataDir}/totp.key.`
        : "Now set TOTP_ENCRYPTION_KEY to the value of NEW_TOTP_ENCRYPTION_KEY on every " +
          "instance, then start them; an instance started with the old key refuses to start."
    const skipped =
      unreadable.length > 0
        ? ` Left as they were (opened with neither key; reset-2fa ` +
          `them): ${unreadable.map((name) => `"${name}"`).join(", ")}.`
        : ""
    const leftover = unusedKeyFile
      ? ` ${unusedKeyFile} still holds a key the server does not use (TOTP_ENCRYPTION_KEY is set): delete it.`
      : ""
    process.stdout.write(
      `${resealed} TOTP secret(s) encrypted again with the new key. ${where} ` +
        `Replace the copy of the old key kept with the backups.${skipped}${leftover}\n`,
    )
  })
}
