// Threats: the second factor guessed from many addresses, and per-address limits dodged with
// IPv6 (issue 21, finding 2). With the right password and a new IPv6 address per try, 120
// wrong codes in a row were all checked, about 20 a second: an even chance in about three
// hours for someone holding the password and one /64. Now wrong codes are counted per account
// whatever the address (5 free, then a doubling wait of at most 15 minutes, after which the
// real person's code gets in), and every per-address limit counts an IPv6 /64 as one address.
// See docs/SECURITY.md.
import {
  ADMIN_PASSWORD,
  describeEachStore,
  signIn,
  type TestApp,
  testApp,
  withRaw,
} from "../test/stores"
import { BROWSER_USER_AGENT } from "../test/user-agents"
import { LOGIN_POLICY } from "./throttle"
import { totpCode } from "./totp"

jest.setTimeout(60_000)

const STEP = 30_000

describeEachStore("security: second-factor codes guessed from many addresses", (kind) => {
  let t: TestApp
  let clock = Date.parse("2026-06-01T08:00:05Z")
  let secret: string
  beforeEach(async () => {
    t = await testApp(kind, {}, { now: () => clock })
    const cookie = await signIn(t.app)
    secret = (
      await t.app.inject({ method: "POST", url: "/api/admin/totp/setup", headers: { cookie } })
    ).json().secret
    const enabled = await t.app.inject({
      method: "POST",
      url: "/api/admin/totp/enable",
      headers: { cookie },
      payload: { code: totpCode(secret, clock), password: ADMIN_PASSWORD },
    })
    expect(enabled.statusCode).toBe(200)
    clock += STEP
  })
  afterEach(() => t.close())

  const wrongCode = () =>
    String((Number(totpCode(secret, clock)) + 500_000) % 1_000_000).padStart(6, "0")
  const login = (remoteAddress: string, totp: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { username: "admin", password: ADMIN_PASSWORD, totp },
      remoteAddress,
    })
  const codesChecked = async () =>
    (
      await withRaw(t.config, (db) =>
        db.selectFrom("audit_log").select("id").where("action", "=", "login_totp_failed").execute(),
      )
    ).length

  it.each([
    ["120 IPv4 addresses", (i: number) => `203.0.${113 + (i >> 8)}.${i & 255}`],
    ["120 IPv6 /64 networks", (i: number) => `2001:db8:${i.toString(16)}::1`],
  ])(
    "checks only the first few of 120 wrong codes in a row from %s; the rest wait; the owner then signs in",
    async (_, address) => {
      const answers = []
      for (let i = 0; i < 120; i++) answers.push(await login(address(i), wrongCode()))
      const statuses = answers.map((a) => a.statusCode)
      const checked = statuses.filter((s) => s === 401).length
      expect(checked).toBeLessThanOrEqual(LOGIN_POLICY.secondFactor.free)
      expect(statuses.filter((s) => s === 429)).toHaveLength(120 - checked)
      expect(await codesChecked()).toBe(checked)
      const waits = answers.filter((a) => a.statusCode === 429)
      const wait = Math.max(...waits.map((a) => Number(a.headers["retry-after"])))
      expect(wait).toBeGreaterThanOrEqual(1)
      expect(wait * 1000).toBeLessThanOrEqual(LOGIN_POLICY.maxDelayMs)
      process.stdout.write(
        `[${kind}] ${_}: ${checked} codes checked, ${waits.length} answered 429 (wait ${wait} s)\n`,
      )
      // The right password and code from the owner's own address, once the wait is over.
      clock += wait * 1000
      const owner = await login("192.0.2.10", totpCode(secret, clock))
      expect(owner.statusCode).toBe(200)
    },
  )

  it(
    "makes an attacker who takes every slot as it opens wait longer " +
      "each time, never past 15 minutes; the owner gets in after the wait",
    async () => {
      const waits: number[] = []
      for (let i = 0; i < 40; i++) {
        const answer = await login(`198.51.100.${i}`, wrongCode())
        if (answer.statusCode === 429) {
          const wait = Number(answer.headers["retry-after"])
          waits.push(wait)
          clock += wait * 1000
        } else expect(answer.json().error).toBe("invalid_totp")
      }
      expect(waits.length).toBeGreaterThan(0)
      expect(Math.max(...waits)).toBe(LOGIN_POLICY.maxDelayMs / 1000)
      // Doubling: each wait at least the one before it.
      expect(waits).toEqual([...waits].sort((a, b) => a - b))
      // Only the free codes and one per wait were checked: 40 tries, about half refused.
      expect(await codesChecked()).toBe(40 - waits.length)
      // The attacker takes the slot that has just opened; the owner, arriving then, waits once.
      expect((await login("198.51.100.99", wrongCode())).json().error).toBe("invalid_totp")
      const refused = await login("192.0.2.10", totpCode(secret, clock))
      expect(refused.statusCode).toBe(429)
      clock += Number(refused.headers["retry-after"]) * 1000
      expect((await login("192.0.2.10", totpCode(secret, clock))).statusCode).toBe(200)
      // The success forgets the wrong codes: the next sign-in is checked at once.
      clock += STEP
      expect((await login("192.0.2.11", wrongCode())).json().error).toBe("invalid_totp")
    },
  )
})

describeEachStore("security: an IPv6 /64 is one address for every per-address limit", (kind) => {
  let t: TestApp
  beforeEach(async () => {
    t = await testApp(kind, { CONTACT_RATE_LIMIT: "2/10m", EVENT_RATE_LIMIT: "3/1m" })
  })
  afterEach(() => t.close())

  const inOne64 = (i: number) => `2001:db8:5:7:${(i + 1).toString(16)}::${i + 2}`
  const elsewhere = (i: number) => `2001:db8:${(i + 16).toString(16)}::1`

  it("sign-in: wrong passwords from one /64 add up, from other /64s they do not", async () => {
    // Another name each time: the account's own count stays out of it.
    let tries = 0
    const guess = (remoteAddress: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/admin/login",
        payload: { username: `nobody${tries++}`, password: "wrong guess" },
        remoteAddress,
      })
    const one: number[] = []
    for (let i = 0; i < LOGIN_POLICY.address.free + 3; i++)
      one.push((await guess(inOne64(i))).statusCode)
    expect(one.slice(0, LOGIN_POLICY.address.free)).toEqual(
      Array(LOGIN_POLICY.address.free).fill(401),
    )
    expect(one.slice(LOGIN_POLICY.address.free)).toContain(429)
    const many: number[] = []
    for (let i = 0; i < LOGIN_POLICY.address.free + 3; i++)
      many.push((await guess(elsewhere(i))).statusCode)
    expect(many.every((s) => s === 401)).toBe(true)
  })

  it.each([
    [
      "the contact form",
      "/SendMessage",
      (i: number) => ({
        name: "Ana",
        Email: `ana${i}@example.com`,
        Message: "Bonjour",
        ElapsedMs: 9000,
      }),
    ],
    [
      "the newsletter",
      "/api/newsletter",
      (i: number) => ({ email: `reader${i}@example.com`, language: "de" }),
    ],
  ])("%s: a rate limit of 2 counts one /64 once", async (_, url, body) => {
    const statuses: number[] = []
    for (let i = 0; i < 3; i++)
      statuses.push(
        (await t.app.inject({ method: "POST", url, payload: body(i), remoteAddress: inOne64(i) }))
          .statusCode,
      )
    expect(statuses[2]).toBe(429)
    expect(statuses.slice(0, 2).every((s) => s < 300)).toBe(true)
    const other = await t.app.inject({
      method: "POST",
      url,
      payload: body(9),
      remoteAddress: elsewhere(0),
    })
    expect(other.statusCode).toBeLessThan(300)
    // An IPv4 address written as IPv6 (::ffff:a.b.c.d) is that IPv4 address.
    for (let i = 0; i < 2; i++)
      await t.app.inject({
        method: "POST",
        url,
        payload: body(20 + i),
        remoteAddress: "192.0.2.77",
      })
    const mapped = await t.app.inject({
      method: "POST",
      url,
      payload: body(30),
      remoteAddress: "::ffff:192.0.2.77",
    })
    expect(mapped.statusCode).toBe(429)
  })

  it("the audience beacon: posts past EVENT_RATE_LIMIT from one /64 are answered 202 and not counted", async () => {
    const event = (i: number, remoteAddress: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/event",
        payload: { events: [{ kind: "view", path: `/p${i}`, language: "fr", width: "desktop" }] },
        headers: { "user-agent": BROWSER_USER_AGENT },
        remoteAddress,
      })
    const answers = []
    for (let i = 0; i < 6; i++) answers.push(await event(i, inOne64(i)))
    answers.push(await event(6, elsewhere(0)))
    expect(answers.map((a) => a.statusCode)).toEqual(Array(7).fill(202))
    await t.store.audience.drained()
    const stored = await withRaw(t.config, (db) =>
      db.selectFrom("audience_events").select("path").orderBy("path").execute(),
    )
    expect(stored.map((row) => row.path)).toEqual(["/p0", "/p1", "/p2", "/p6"])
  })
})
