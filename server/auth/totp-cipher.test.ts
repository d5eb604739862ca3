import { randomBytes } from "node:crypto"
import { parseTotpKey } from "../config/totp-key"
import { keyCheckValue, openTotpSecret, sealTotpSecret } from "./totp-cipher"

describe("sealed TOTP secrets", () => {
  const key = parseTotpKey(randomBytes(32).toString("base64"))!
  const secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"

  it("open to the secret for their account only, with a fresh IV each time", () => {
    const sealed = sealTotpSecret(key, "account-1", secret)
    expect(sealed).toMatch(/^v1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$/)
    expect(sealed).not.toContain(secret)
    expect(openTotpSecret(key, "account-1", sealed)).toBe(secret)
    expect(sealTotpSecret(key, "account-1", secret)).not.toBe(sealed)
    // Moved to another account (the additional authenticated data), or opened with another key.
    expect(openTotpSecret(key, "account-2", sealed)).toBeNull()
    expect(
      openTotpSecret(parseTotpKey(randomBytes(32).toString("hex"))!, "account-1", sealed),
    ).toBeNull()
  })

  it("do not open once altered, truncated or of another version, and never throw", () => {
    const sealed = sealTotpSecret(key, "account-1", secret)
    const [version, iv, tag, ciphertext] = sealed.split(":")
    const flip = (part: string) => {
      const bytes = Buffer.from(part, "base64url")
      bytes[0] ^= 1
      return bytes.toString("base64url")
    }
    for (const altered of [
      [version, flip(iv), tag, ciphertext],
      [version, iv, flip(tag), ciphertext],
      [version, iv, tag, flip(ciphertext)],
      [version, iv, tag.slice(0, 10), ciphertext],
      [version, iv, tag, ""],
      ["v2", iv, tag, ciphertext],
      [version, iv, tag],
      ["v1", "", "", ""],
      ["v1:::::"],
    ]) {
      expect(openTotpSecret(key, "account-1", altered.join(":"))).toBeNull()
    }
  })

  it("check values tell keys apart and hold nothing of the key", () => {
    const raw = randomBytes(32)
    const same = keyCheckValue(parseTotpKey(raw.toString("hex"))!)
    expect(keyCheckValue(parseTotpKey(raw.toString("base64"))!)).toBe(same)
    expect(keyCheckValue(parseTotpKey(randomBytes(32).toString("hex"))!)).not.toBe(same)
    expect(same).not.toContain(raw.toString("base64url").slice(0, 8))
  })
})
