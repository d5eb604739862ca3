import { loadConfig } from "../config"
import { backup, restore } from "../ops/backup"

const KEEP_THE_KEY =
  "The TOTP secrets in it are encrypted with TOTP_ENCRYPTION_KEY (or " +
  "DATA_DIR/totp.key), which is not in the backup: keep a copy of that key " +
  "where the backups can be restored from, but not in the same file or place as them."

const storeOf = () => {
  const config = loadConfig()
  return { dataDir: config.dataDir, databaseUrl: config.databaseUrl }
}

export async function backupCommand(file: string) {
  const { kind, bytes } = await backup(storeOf(), file)
  process.stdout.write(
    `Backup of the ${kind} store written to ${file} (${bytes} bytes).\n${KEEP_THE_KEY}\n`,
  )
}

export async function restoreCommand(file: string, force: boolean) {
  const { kind } = await restore(storeOf(), file, force)
  process.stdout.write(
    `${file} restored into the ${kind} store; start the server to apply ` +
      `newer migrations, with the TOTP key of the server the backup ` +
      "came from (TOTP_ENCRYPTION_KEY, or its totp.key copied into DATA_DIR).\n",
  )
}
