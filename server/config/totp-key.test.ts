import { randomBytes } from "node:crypto"
import { inspect } from "node:util"
import { parseTotpKey } from "./totp-key"

describe("TOTP_ENCRYPTION_KEY's format", () => {
  const bytes = randomBytes(32)
  it.each([
    ["hex", bytes.toString("hex")],
    ["HEX", bytes.toString("hex").toUpperCase()],
    ["base64", bytes.toString("base64")],
    ["base64 without padding", bytes.toString("base64").replace(/=$/, "")],
    ["base64url", bytes.toString("base64url")],
    ["with a trailing line break (a file)", `${bytes.toString("base64")}\n`],
  ])("reads 32 bytes as %s", (_, text) => {
    const key = parseTotpKey(text)!
    expect(key.export().equals(bytes)).toBe(true)
  })

  it.each([
    ["31 bytes", randomBytes(31).toString("base64")],
    ["33 bytes", randomBytes(33).toString("base64")],
    ["63 hex digits", bytes.toString("hex").slice(1)],
    ["a passphrase", "correct horse battery staple, long enough"],
    ["base64 and base64url mixed", `${"+".repeat(20)}${"_".repeat(23)}`],
    ["empty", ""],
  ])("refuses %s", (_, text) => {
    expect(parseTotpKey(text)).toBeNull()
  })

  it("never prints the key: a KeyObject shows its size only", () => {
    const key = parseTotpKey(bytes.toString("hex"))!
    for (const shown of [JSON.stringify({ key }), String(key), inspect(key)]) {
      expect(shown).not.toContain(bytes.toString("hex"))
      expect(shown).not.toContain(bytes.toString("base64").slice(0, 40))
    }
  })
})
