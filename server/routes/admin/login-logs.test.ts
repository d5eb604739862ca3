// Threat: failed user names in the logs (often a password typed into the name field).
// Failed logins log the client address and a hash of the name. See docs/SECURITY.md.
import { buildApp } from "../../app"
import { usernameHash } from "../../auth/tokens"
import { describeEachStore, freshStoreLocation, testConfig } from "../../test/stores"

describeEachStore("security: failed-login logs", (kind) => {
  it("log the address and a hash of the user name, never the name", async () => {
    const location = await freshStoreLocation(kind)
    const lines: string[] = []
    const { app } = await buildApp(testConfig(location, { LOG_LEVEL: "info" }), {
      logStream: { write: (line) => lines.push(line) },
    })
    try {
      const typed = "My Secret Passphrase 42"
      const response = await app.inject({
        method: "POST",
        url: "/api/admin/login",
        payload: { username: typed, password: "whatever" },
        remoteAddress: "203.0.113.44",
      })
      expect(response.statusCode).toBe(401)
      const failed = lines
        .map((line) => JSON.parse(line))
        .find((entry) => entry.msg === "admin login failed")
      expect(failed).toMatchObject({
        ip: "203.0.113.44",
        usernameSha256: usernameHash(typed.toLowerCase()),
      })
      const all = lines.join("\n").toLowerCase()
      expect(all).not.toContain(typed.toLowerCase())
      expect(all).not.toContain("whatever")
    } finally {
      await app.close()
      await location.drop()
    }
  })
})
