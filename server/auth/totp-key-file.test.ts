import { execFile } from "node:child_process"
import { randomBytes } from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { promisify } from "node:util"
import { REPOSITORY } from "../../content-kit/repository"
import { parseTotpKey } from "../config/totp-key"
import { keyCheckValue } from "./totp-cipher"
import { createTotpKeyFile, locateTotpKey, TOTP_KEY_FILE } from "./totp-key-file"

describe("DATA_DIR/totp.key", () => {
  let dir: string
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "totp-key-"))
  })
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

  it("is written once, mode 0600, and read back", () => {
    expect(locateTotpKey(null, dir)).toEqual({ kind: "none", file: path.join(dir, TOTP_KEY_FILE) })
    const key = createTotpKeyFile(path.join(dir, TOTP_KEY_FILE))
    expect(fs.statSync(path.join(dir, TOTP_KEY_FILE)).mode & 0o777).toBe(0o600)
    const found = locateTotpKey(null, dir)
    expect(found.kind === "file" && keyCheckValue(found.key)).toBe(keyCheckValue(key))
    // A second call keeps the first key; no temporary file is left behind.
    expect(keyCheckValue(createTotpKeyFile(path.join(dir, TOTP_KEY_FILE)))).toBe(keyCheckValue(key))
    expect(fs.readdirSync(dir)).toEqual([TOTP_KEY_FILE])
  })

  it("gives way to TOTP_ENCRYPTION_KEY, and stops the start when it holds no key", () => {
    const configured = parseTotpKey(randomBytes(32).toString("hex"))!
    fs.writeFileSync(path.join(dir, TOTP_KEY_FILE), "not a key\n")
    expect(locateTotpKey(configured, dir)).toEqual({ kind: "environment", key: configured })
    expect(() => locateTotpKey(null, dir)).toThrow(
      /totp\.key does not hold a TOTP key .* set TOTP_ENCRYPTION_KEY/,
    )
  })

  it("is created once when processes sharing DATA_DIR start together", async () => {
    const file = path.join(dir, TOTP_KEY_FILE)
    const script =
      "const { createTotpKeyFile } = require('./server/auth/totp-key-file.ts'); " +
      "const { keyCheckValue } = require('./server/auth/totp-cipher.ts');" +
      "process.stdout.write(keyCheckValue(createTotpKeyFile(process.argv[1])))"
    const run = promisify(execFile)
    const checks = await Promise.all(
      Array.from({ length: 8 }, () =>
        run(process.execPath, ["--import", "tsx", "-e", script, file], { cwd: REPOSITORY }).then(
          (r) => r.stdout,
        ),
      ),
    )
    expect(new Set(checks).size).toBe(1)
    expect(checks[0]).toBe(keyCheckValue(parseTotpKey(fs.readFileSync(file, "utf8"))!))
    expect(fs.readdirSync(dir)).toEqual([TOTP_KEY_FILE])
  }, 60_000)
})
