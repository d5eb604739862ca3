import { createSecretKey, type KeyObject, randomBytes } from "node:crypto"
import fs from "node:fs"
import path from "node:path"
import { ConfigError } from "../config"
import { parseTotpKey, TOTP_KEY_FORMAT } from "../config/totp-key"

// Without TOTP_ENCRYPTION_KEY, the key lives in DATA_DIR/totp.key (mode 0600), written by the
// first start: enough for one machine. Not part of `npm run admin -- backup`: keep a copy.

export const TOTP_KEY_FILE = "totp.key"

export type TotpKeySource =
  | { kind: "environment"; key: KeyObject }
  | { kind: "file"; key: KeyObject; file: string }
  /** Neither is there: a first start (or DATA_DIR lost its key file). */
  | { kind: "none"; file: string }

/** Where the key comes from; a key file that holds no key stops here. */
export function locateTotpKey(configured: KeyObject | null, dataDir: string): TotpKeySource {
  if (configured) return { kind: "environment", key: configured }
  const file = path.join(dataDir, TOTP_KEY_FILE)
  const key = readKeyFile(file)
  return key ? { kind: "file", key, file } : { kind: "none", file }
}

/** The key in `file`; null when there is no such file. */
function readKeyFile(file: string): KeyObject | null {
  let text: string
  try {
    text = fs.readFileSync(file, "utf8")
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null
    throw new ConfigError(`${file} cannot be read: ${(error as Error).message}`)
  }
  const key = parseTotpKey(text)
  if (!key)
    throw new ConfigError(
      `${file} does not hold a TOTP key (${TOTP_KEY_FORMAT}); put back ` +
        `the copy kept with the backups, or set TOTP_ENCRYPTION_KEY`,
    )
  return key
}

/**
 * Writes a new random key to `file` unless one is there, and returns the key the file holds.
 * Race-free between processes sharing DATA_DIR: the key goes to a file of this process's own,
 * complete and synced, which link(2) then names `file` only if that name is free; the loser
 * reads the winner's key.
 */
export function createTotpKeyFile(file: string): KeyObject {
  const temporary = writeKeyToTemporary(file, createSecretKey(randomBytes(32)))
  try {
    fs.linkSync(temporary, file)
    syncDirectory(path.dirname(file))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error
  } finally {
    fs.rmSync(temporary, { force: true })
  }
  const key = readKeyFile(file)
  if (!key) throw new ConfigError(`${file} vanished just after it was written`)
  return key
}

/**
 * Writes `key` to a new file of this process's own beside `file` (mode 0600), complete and
 * synced; returns its name, for the caller to link or rename into place.
 */
export function writeKeyToTemporary(file: string, key: KeyObject): string {
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`
  const fd = fs.openSync(temporary, "wx", 0o600)
  try {
    fs.writeSync(fd, `${key.export().toString("base64")}\n`)
    fs.fsyncSync(fd)
  } finally {
    fs.closeSync(fd)
  }
  return temporary
}

/** So that the new name survives a power cut (the file's own data was synced before). */
export function syncDirectory(dir: string) {
  let fd: number | undefined
  try {
    fd = fs.openSync(dir, "r")
    fs.fsyncSync(fd)
  } catch {
    // Not every file system lets a directory be synced; the name is then as durable as it gets.
  } finally {
    if (fd !== undefined) fs.closeSync(fd)
  }
}
