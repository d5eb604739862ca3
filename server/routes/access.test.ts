import type { InjectOptions, RouteOptions } from "fastify"
import { type Access, type Endpoint, endpoints } from "../../contract/endpoints"
import { buildApp } from "../app"
import { hashPassword } from "../auth/password"
import { sample } from "../test/sample"
import { describeEachStore, freshStoreLocation, signIn, testConfig } from "../test/stores"
import { signInAs } from "../test/team"

// Every entry of the table of endpoints is guarded as its `access` says (contract/endpoints/
// define.ts): the guards live in routes/admin/index.ts, the promise in the table. The
// handlers never run: a last preHandler, after every guard, answers in their place, so an
// entry with weighty effects (a publish, an erasure) is checked like any other.

const table = Object.values(endpoints) as Endpoint[]
const withAccess = (...levels: Access[]) => table.filter((entry) => levels.includes(entry.access))
const PASSED = "x-test-passed-guards"
// Sign-in runs for real (the tests sign in through it); the metrics check their token inside.
const STOPPED: Access[] = ["public", "session", "member", "owner"]

/** A request to the entry that its schemas accept (the guards run after validation). */
function request(entry: Endpoint, headers: Record<string, string> = {}): InjectOptions {
  const params = (entry.params ? sample(entry.params as never) : {}) as Record<string, string>
  return {
    method: entry.method,
    url: entry.path.replace(/:(\w+)/g, (_, name: string) => params[name]),
    query: entry.query ? (sample(entry.query as never) as Record<string, string>) : undefined,
    ...(entry.body ? { payload: sample(entry.body as never) as object } : {}),
    headers,
  }
}

async function guardedApp(kind: Parameters<typeof freshStoreLocation>[0], env = {}) {
  const location = await freshStoreLocation(kind)
  const { app, store } = await buildApp(testConfig(location, env), { logger: false })
  app.addHook("onRoute", (route: RouteOptions) => {
    const entry = table.find((e) => e.method === route.method && e.path === route.url)
    if (!entry || !STOPPED.includes(entry.access)) return
    const own = route.preHandler ? [route.preHandler].flat() : []
    route.preHandler = [
      ...own,
      async (_request, reply) => reply.header(PASSED, "1").code(204).send(),
    ]
  })
  await app.ready()
  return { app, store, close: async () => (await app.close(), await location.drop()) }
}
type GuardedApp = Awaited<ReturnType<typeof guardedApp>>

type Answer = { route: string; status: number; error?: string }
async function answers(t: GuardedApp, entries: Endpoint[], headers?: Record<string, string>) {
  const result: Answer[] = []
  for (const entry of entries) {
    const response = await t.app.inject(request(entry, headers))
    const error = response.headers[PASSED]
      ? "passed"
      : response.statusCode >= 400
        ? response.json<{ error: string }>().error
        : undefined
    result.push({ route: `${entry.method} ${entry.path}`, status: response.statusCode, error })
  }
  return result
}

const not =
  (error: string) =>
  (answer: Answer): boolean =>
    answer.error !== error

describeEachStore("every endpoint's access", (kind) => {
  let t: GuardedApp
  let owner: string
  let member: string
  beforeAll(async () => {
    t = await guardedApp(kind, { METRICS_TOKEN: "m".repeat(32) })
    owner = await signIn(t.app)
    await t.store.admins.create("member", await hashPassword("member password 1"), "member")
    member = await signInAs(t.app, "member", "member password 1")
  })
  afterAll(() => t.close())

  it("refuses every admin request from another site", async () => {
    const crossSite = { "sec-fetch-site": "cross-site", origin: "https://elsewhere.example" }
    const all = await answers(t, withAccess("sign-in", "session", "member", "owner"), crossSite)
    expect(all.filter(not("cross_site"))).toEqual([])
  })

  it("asks for a session on every signed-in route, and not on the public and sign-in ones", async () => {
    const signedIn = await answers(t, withAccess("session", "member", "owner"))
    expect(signedIn.filter(not("unauthorized"))).toEqual([])
    expect((await answers(t, withAccess("public"))).filter(not("passed"))).toEqual([])
    // Sign-in runs: a wrong password is its own answer, not a missing session.
    const signIn = await answers(t, withAccess("sign-in"))
    expect(signIn.filter((answer) => answer.error === "unauthorized")).toEqual([])
  })

  it("opens the member routes to members, and refuses them the owner routes", async () => {
    const open = await answers(t, withAccess("session", "member"), { cookie: member })
    expect(open.filter(not("passed"))).toEqual([])
    const owners = await answers(t, withAccess("owner"), { cookie: member })
    expect(owners.filter(not("forbidden"))).toEqual([])
  })

  it("opens every signed-in route to an owner", async () => {
    const all = await answers(t, withAccess("session", "member", "owner"), { cookie: owner })
    expect(all.filter(not("passed"))).toEqual([])
  })

  it("shows the metrics to the token's holder only, and to others that they do not exist", async () => {
    const metrics = withAccess("token")
    expect((await answers(t, metrics)).map((answer) => answer.status)).toEqual([404])
    const bearer = { authorization: `Bearer ${"m".repeat(32)}` }
    expect((await answers(t, metrics, bearer)).map((answer) => answer.status)).toEqual([200])
  })
})

describeEachStore("every endpoint's access while an owner's two-factor setup is due", (kind) => {
  let t: GuardedApp
  let owner: string
  beforeAll(async () => {
    t = await guardedApp(kind, { ADMIN_REQUIRE_2FA: "1" })
    owner = await signIn(t.app)
  })
  afterAll(() => t.close())

  it("opens only the session routes, and holds back the member and owner ones", async () => {
    const open = await answers(t, withAccess("session"), { cookie: owner })
    expect(open.filter(not("passed"))).toEqual([])
    const held = await answers(t, withAccess("member", "owner"), { cookie: owner })
    expect(held.filter(not("totp_setup_required"))).toEqual([])
  })
})
