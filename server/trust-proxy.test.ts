// Threats: a forged X-Forwarded-For dodging the per-address limits; one visitor behind a proxy
// limiting everyone; X-Forwarded-Proto/-Host believed from any client, which decide the
// cookie's Secure flag, HSTS and the same-origin check. See docs/SECURITY.md.
import { ADMIN_PASSWORD, describeEachStore, type TestApp, testApp } from "./test/stores"

const PROXY = "10.0.0.1"
const message = { name: "Ana", Email: "ana@example.com", Message: "Bonjour" }

describeEachStore("security: the client address and scheme a proxy vouches for", (kind) => {
  const apps: TestApp[] = []
  const app = async (env: Record<string, string>) => {
    const t = await testApp(kind, env)
    apps.push(t)
    return t.app
  }
  afterAll(async () => {
    for (const t of apps) await t.close()
  })
  const forged = (i: number) => `${(i * 37) % 256}.${(i * 11) % 256}.1.${i % 256}`

  it("TRUST_PROXY=1: rotating the left-most X-Forwarded-For entries does not dodge the contact limit", async () => {
    const server = await app({ TRUST_PROXY: "1", CONTACT_RATE_LIMIT: "3/10m" })
    const send = (xff: string) =>
      server.inject({
        method: "POST",
        url: "/SendMessage",
        payload: message,
        remoteAddress: PROXY,
        headers: { "x-forwarded-for": xff },
      })
    const statuses = []
    for (let i = 0; i < 6; i++)
      statuses.push((await send(`${forged(i)}, ${forged(i + 100)}, 203.0.113.9`)).statusCode)
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429])
    // Another visitor behind the same proxy is not limited with them.
    expect((await send("203.0.113.10")).statusCode).toBe(201)
  })

  it("TRUST_PROXY=1: rotating forged entries does not dodge the login throttle", async () => {
    const server = await app({ TRUST_PROXY: "1" })
    const statuses = []
    for (let i = 0; i < 8; i++) {
      const response = await server.inject({
        method: "POST",
        url: "/api/admin/login",
        payload: { username: "admin", password: `wrong ${i}` },
        remoteAddress: PROXY,
        headers: { "x-forwarded-for": `${forged(i)}, 198.51.100.4` },
      })
      statuses.push(response.statusCode)
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(3)
    expect(statuses.filter((s) => s === 429)).toHaveLength(5)
    // The admin, behind the same proxy at another address, is not locked out.
    const admin = await server.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { username: "admin", password: ADMIN_PASSWORD },
      remoteAddress: PROXY,
      headers: { "x-forwarded-for": "192.0.2.8" },
    })
    expect(admin.statusCode).toBe(200)
  })

  it("TRUST_PROXY=2: the client is the entry the outer proxy appended, not anything further left", async () => {
    const server = await app({ TRUST_PROXY: "2", CONTACT_RATE_LIMIT: "2/10m" })
    const send = (xff: string) =>
      server.inject({
        method: "POST",
        url: "/SendMessage",
        payload: message,
        remoteAddress: PROXY,
        headers: { "x-forwarded-for": xff },
      })
    const statuses = []
    for (let i = 0; i < 4; i++)
      statuses.push((await send(`${forged(i)}, 203.0.113.20, 172.16.0.1`)).statusCode)
    expect(statuses).toEqual([201, 201, 429, 429])
    expect((await send("203.0.113.21, 172.16.0.1")).statusCode).toBe(201)
  })

  it(
    "TRUST_PROXY=0: X-Forwarded-For is ignored (every " +
      "request is the peer's), and so are -Proto and -Host",
    async () => {
      const server = await app({ TRUST_PROXY: "0", CONTACT_RATE_LIMIT: "2/10m" })
      const send = (xff: string) =>
        server.inject({
          method: "POST",
          url: "/SendMessage",
          payload: message,
          remoteAddress: "192.0.2.30",
          headers: { "x-forwarded-for": xff },
        })
      expect([
        (await send("203.0.113.1")).statusCode,
        (await send("203.0.113.2")).statusCode,
        (await send("203.0.113.3")).statusCode,
      ]).toEqual([201, 201, 429])

      const login = await server.inject({
        method: "POST",
        url: "/api/admin/login",
        payload: { username: "admin", password: ADMIN_PASSWORD },
        headers: { "x-forwarded-proto": "https" },
      })
      expect(login.statusCode).toBe(200)
      expect(String(login.headers["set-cookie"])).not.toContain("Secure")
      expect(login.headers["strict-transport-security"]).toBeUndefined()
      // A forged -Host and -Proto do not make a foreign Origin look like the site's own.
      const crossSite = await server.inject({
        url: "/api/admin/session",
        headers: {
          origin: "https://evil.example",
          "x-forwarded-host": "evil.example",
          "x-forwarded-proto": "https",
        },
      })
      expect([crossSite.statusCode, crossSite.json().error]).toEqual([403, "cross_site"])
    },
  )

  it("TRUST_PROXY=1: HTTPS as the proxy says gives a Secure cookie and HSTS; plain HTTP neither", async () => {
    const server = await app({ TRUST_PROXY: "1" })
    const login = (proto: string) =>
      server.inject({
        method: "POST",
        url: "/api/admin/login",
        payload: { username: "admin", password: ADMIN_PASSWORD },
        remoteAddress: PROXY,
        headers: { "x-forwarded-for": "192.0.2.9", "x-forwarded-proto": proto },
      })
    const https = await login("https")
    expect(String(https.headers["set-cookie"])).toMatch(/; Secure$/)
    expect(https.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains")
    // Only the proxy's own (right-most) entry counts: a client's "https" before it does not.
    const http = await login("https, http")
    expect(String(http.headers["set-cookie"])).not.toContain("Secure")
    expect(http.headers["strict-transport-security"]).toBeUndefined()
  })

  it("COOKIE_SECURE=always marks the cookie Secure over plain HTTP; never leaves it off over HTTPS", async () => {
    const always = await app({ COOKIE_SECURE: "always" })
    const plain = await always.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { username: "admin", password: ADMIN_PASSWORD },
    })
    expect(String(plain.headers["set-cookie"])).toMatch(/; Secure$/)
    const never = await app({ COOKIE_SECURE: "never", TRUST_PROXY: "1" })
    const https = await never.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { username: "admin", password: ADMIN_PASSWORD },
      remoteAddress: PROXY,
      headers: { "x-forwarded-proto": "https" },
    })
    expect(String(https.headers["set-cookie"])).not.toContain("Secure")
  })
})
