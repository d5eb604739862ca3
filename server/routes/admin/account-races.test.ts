// Threat: a removed account coming back as an owner (issue 21, finding 1). A member started
// POST /api/admin/password while an owner removed their account: the removal answered 204,
// the password change 500 (a foreign-key error on its new session), and the account existed
// again with the role owner (the route upserted it), signed in with the new password and read
// the users list; the audit log said user_removed then password_changed, and no user_added.
// Now each change is one transaction with the end of the account's sessions and its audit
// entry, and a password change only updates. See docs/SECURITY.md.
import { buildApp } from "../../app"
import * as password from "../../auth/password"
import { hashToken, newSessionToken } from "../../auth/tokens"
import {
  ADMIN_PASSWORD,
  describeEachStore,
  freshStoreLocation,
  signIn,
  testConfig,
  withRaw,
} from "../../test/stores"

type Built = Awaited<ReturnType<typeof buildApp>>

// Each race runs this many times per store, the second request started after a delay spread
// over the length of a password change (two argon2 runs), measured first.
const ROUNDS = 20
const MEMBER_PASSWORD = "member password 0123"
const NEW_PASSWORD = "a brand new password 456"

jest.setTimeout(120_000)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describeEachStore("security: account changes racing each other", (kind) => {
  // Two server processes' worth of app on one store: the owner's requests go to one, the
  // member's to the other.
  let ownerApp: Built
  let memberApp: Built
  let location: Awaited<ReturnType<typeof freshStoreLocation>>
  let ownerCookie: string
  let memberHash: string

  beforeAll(async () => {
    location = await freshStoreLocation(kind)
    const config = testConfig(location)
    ownerApp = await buildApp(config, { logger: false })
    memberApp = await buildApp(config, { logger: false })
    ownerCookie = await signIn(ownerApp.app)
    memberHash = await password.hashPassword(MEMBER_PASSWORD)
  })
  afterAll(async () => {
    await ownerApp.app.close()
    await memberApp.app.close()
    await location.drop()
  })

  /** An account with a live session, written straight into the store (no sign-in needed). */
  async function account(username: string, role: "owner" | "member") {
    const member = (await ownerApp.store.admins.create(username, memberHash, role))!
    const token = newSessionToken()
    await ownerApp.store.sessions.create(
      hashToken(token),
      member.id,
      Date.now(),
      Date.now() + 3.6e6,
    )
    return { ...member, cookie: `admin_session=${token}` }
  }

  const changePassword = (cookie: string) =>
    memberApp.app.inject({
      method: "POST",
      url: "/api/admin/password",
      headers: { cookie },
      payload: { currentPassword: MEMBER_PASSWORD, newPassword: NEW_PASSWORD },
    })
  const remove = (id: string) =>
    ownerApp.app.inject({
      method: "DELETE",
      url: `/api/admin/users/${id}`,
      headers: { cookie: ownerCookie },
    })
  const setRole = (id: string, role: string, app = ownerApp) =>
    app.app.inject({
      method: "PATCH",
      url: `/api/admin/users/${id}`,
      headers: { cookie: ownerCookie },
      payload: { role },
    })
  let logins = 0
  const login = (username: string, pass: string) =>
    memberApp.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { username, password: pass },
      // Each sign-in from its own address: the failures checked here must not add up.
      remoteAddress: `10.0.${Math.floor(++logins / 250)}.${logins % 250}`,
    })

  async function auditOf(username: string) {
    const { items } = await ownerApp.store.audit.list({}, { offset: 0, limit: 10_000 })
    return items
      .filter(
        (e) =>
          e.username === username || e.detail?.startsWith(`${username} `) || e.detail === username,
      )
      .reverse()
  }

  /** Nothing left of a removed account: no row, no session, no way in with `pass`. */
  async function expectGone(username: string, id: string, pass: string) {
    expect(await ownerApp.store.admins.findByUsername(username)).toBeNull()
    const users = (
      await ownerApp.app.inject({ url: "/api/admin/users", headers: { cookie: ownerCookie } })
    ).json() as { username: string; role: string }[]
    expect(users.map((u) => u.username)).not.toContain(username)
    expect(users.filter((u) => u.role === "owner").map((u) => u.username)).toEqual(["admin"])
    expect((await login(username, pass)).statusCode).toBe(401)
    removedIds.push(id)
  }
  const removedIds: string[] = []
  afterEach(async () => {
    const left = await withRaw(location, (db) =>
      db.selectFrom("sessions").select("admin_id").where("admin_id", "in", removedIds).execute(),
    )
    expect(left).toEqual([])
  })

  /** How long a password change takes here: the races spread their second request over it. */
  let changeMs = 60
  beforeAll(async () => {
    const probe = await account("probe", "member")
    const started = Date.now()
    expect((await changePassword(probe.cookie)).statusCode).toBe(200)
    changeMs = Date.now() - started
    await remove(probe.id)
  })
  const spread = (round: number) => Math.round(((round % 10) / 9) * changeMs * 1.3)

  it(`removal against the account's own password change, ${ROUNDS} times: the account stays removed`, async () => {
    const outcomes = new Map<string, number>()
    for (let round = 0; round < ROUNDS; round++) {
      const username = `pw${round}`
      const member = await account(username, "member")
      const [changed, removed] = await Promise.all([
        changePassword(member.cookie),
        sleep(spread(round)).then(() => remove(member.id)),
      ])
      expect(removed.statusCode).toBe(204)
      expect([200, 401]).toContain(changed.statusCode)
      outcomes.set(String(changed.statusCode), (outcomes.get(String(changed.statusCode)) ?? 0) + 1)
      await expectGone(username, member.id, NEW_PASSWORD)
      const actions = (await auditOf(username)).map((e) => e.action)
      // The change is in the log exactly when it was answered 200, and before the removal.
      expect(actions).toEqual(
        changed.statusCode === 200 ? ["password_changed", "user_removed"] : ["user_removed"],
      )
    }
    process.stdout.write(
      `[${kind}] removal vs password change: ${JSON.stringify(Object.fromEntries(outcomes))}\n`,
    )
  })

  it(
    "the removal landing exactly while the new password " +
      "is hashed (the audit's sequence): 401, still removed",
    async () => {
      const member = await account("exact", "member")
      const realHash = password.hashPassword
      const spy = jest.spyOn(password, "hashPassword").mockImplementation(async (text) => {
        if (text === NEW_PASSWORD) expect((await remove(member.id)).statusCode).toBe(204)
        return realHash(text)
      })
      try {
        const changed = await changePassword(member.cookie)
        expect([changed.statusCode, changed.json().error]).toEqual([401, "unauthorized"])
      } finally {
        spy.mockRestore()
      }
      await expectGone("exact", member.id, NEW_PASSWORD)
      expect((await auditOf("exact")).map((e) => e.action)).toEqual(["user_removed"])
    },
  )

  it(`promotion against removal, ${ROUNDS} times: removed in the end, no owner but the one granted`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const username = `ro${round}`
      const member = await account(username, "member")
      const [promoted, removed] = await Promise.all([
        setRole(member.id, "owner", memberApp),
        sleep(round % 5).then(() => remove(member.id)),
      ])
      expect(removed.statusCode).toBe(204)
      expect([200, 404]).toContain(promoted.statusCode)
      await expectGone(username, member.id, MEMBER_PASSWORD)
      const actions = (await auditOf(username)).map((e) => e.action)
      expect(actions).toEqual(
        promoted.statusCode === 200 ? ["user_role_changed", "user_removed"] : ["user_removed"],
      )
    }
  })

  it(`demotion against the account's own password change, ${ROUNDS} times: never more than a member`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const username = `de${round}`
      const owner = await account(username, "owner")
      const [changed, demoted] = await Promise.all([
        changePassword(owner.cookie),
        sleep(spread(round)).then(() => setRole(owner.id, "member")),
      ])
      expect(demoted.statusCode).toBe(200)
      expect([200, 401]).toContain(changed.statusCode)
      expect((await ownerApp.store.admins.findByUsername(username))?.role).toBe("member")
      // Whichever came first, no session of the account is left with the old role.
      const signedIn = await login(
        username,
        changed.statusCode === 200 ? NEW_PASSWORD : MEMBER_PASSWORD,
      )
      expect(signedIn.statusCode).toBe(200)
      const cookie = `admin_session=${signedIn.cookies.find((c) => c.name === "admin_session")!.value}`
      expect(
        (await memberApp.app.inject({ url: "/api/admin/users", headers: { cookie } })).statusCode,
      ).toBe(403)
      for (const old of [owner.cookie, changed.cookies.find((c) => c.name === "admin_session")]) {
        if (!old) continue
        const oldCookie = typeof old === "string" ? old : `admin_session=${old.value}`
        const answer = await memberApp.app.inject({
          url: "/api/admin/users",
          headers: { cookie: oldCookie },
        })
        expect([401, 403]).toContain(answer.statusCode)
      }
      await remove(owner.id)
    }
  })

  it(`sign-in against removal, ${ROUNDS} times: 200 or 401, never a 500, no session left`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const username = `li${round}`
      const member = await account(username, "member")
      const [signedIn, removed] = await Promise.all([
        login(username, MEMBER_PASSWORD),
        sleep(round % 15).then(() => remove(member.id)),
      ])
      expect(removed.statusCode).toBe(204)
      expect([200, 401]).toContain(signedIn.statusCode)
      await expectGone(username, member.id, MEMBER_PASSWORD)
    }
  })

  it("still signs the owner in with the password it always had", async () => {
    expect((await login("admin", ADMIN_PASSWORD)).statusCode).toBe(200)
  })
})
