import { createSecretKey, type KeyObject } from "node:crypto"

// The key TOTP secrets are sealed with, as TOTP_ENCRYPTION_KEY or DATA_DIR/totp.key hold it
// (totp-key-file.ts). A KeyObject, not a Buffer: it prints as `SecretKeyObject { type:
// 'secret', symmetricKeySize: 32 }` and serialises to `{}`, so a logged config or error
// never shows the key.

export const TOTP_KEY_FORMAT =
  "32 random bytes as 64 hex digits or 44 base64 characters (e.g. the output of `openssl rand -base64 32`)"

/** 32 bytes as 64 hex digits or as base64 (standard or URL-safe, padding optional); null otherwise. */
export function parseTotpKey(text: string): KeyObject | null {
  const value = text.trim()
  let bytes: Buffer | null = null
  if (/^[0-9a-f]{64}$/i.test(value)) bytes = Buffer.from(value, "hex")
  else if (/^[A-Za-z0-9+/]{43}=?$/.test(value) || /^[A-Za-z0-9_-]{43}=?$/.test(value))
    bytes = Buffer.from(value, "base64")
  return bytes?.length === 32 ? createSecretKey(bytes) : null
}
