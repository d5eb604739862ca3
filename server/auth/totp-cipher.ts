import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  type KeyObject,
  randomBytes,
  timingSafeEqual,
} from "node:crypto"

// TOTP secrets at rest: AES-256-GCM under TOTP_ENCRYPTION_KEY (or DATA_DIR/totp.key), a random
// 12-byte IV per value, the account's id as additional authenticated data so that a value
// copied onto another account does not open. Stored as `v1:<iv>:<tag>:<ciphertext>`, each
// part base64url; the version leaves room for another cipher or a key id later.

const VERSION = "v1"
const IV_BYTES = 12
const TAG_BYTES = 16
const CHECK_LABEL = "mesurea TOTP encryption key check v1"

const aad = (adminId: string) => Buffer.from(`totp:${adminId}`, "utf8")

/** A base32 secret as written before values were sealed (migration 0009). */
export const isLegacyTotpSecret = (stored: string) => /^[A-Z2-7]+=*$/i.test(stored)

export const isSealedTotpSecret = (stored: string) => stored.startsWith(`${VERSION}:`)

export function sealTotpSecret(key: KeyObject, adminId: string, secret: string): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES })
  cipher.setAAD(aad(adminId))
  const ciphertext = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()])
  return [
    VERSION,
    ...[iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString("base64url")),
  ].join(":")
}

/** The secret sealed in `stored` for `adminId`; null when it does not open (another key, another account, altered). */
export function openTotpSecret(key: KeyObject, adminId: string, stored: string): string | null {
  const parts = stored.split(":")
  if (parts.length !== 4 || parts[0] !== VERSION) return null
  const [iv, tag, ciphertext] = parts.slice(1).map((part) => Buffer.from(part, "base64url"))
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES || ciphertext.length === 0) return null
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES })
    decipher.setAAD(aad(adminId))
    decipher.setAuthTag(tag)
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8")
  } catch {
    return null
  }
}

/** HMAC-SHA256 of a fixed label under the key: tells keys apart and says nothing about them. */
export const keyCheckValue = (key: KeyObject) =>
  createHmac("sha256", key).update(CHECK_LABEL).digest("base64url")

export function sameKeyCheck(a: string, b: string): boolean {
  const [x, y] = [Buffer.from(a), Buffer.from(b)]
  return x.length === y.length && timingSafeEqual(x, y)
}
