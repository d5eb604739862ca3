import type { InjectOptions } from "fastify"
import { type Access, type Endpoint, endpoints } from "../../contract/endpoints"
import { sample } from "../test/sample"
import { describeEachStore, signIn, type TestApp, testApp } from "../test/stores"
import { addAccount } from "../test/team"

// Every entry of the table of endpoints is guarded as its `access` says (contract/endpoints/
// define.ts): the guards live in routes/admin/index.ts, the promise in the table.

const table = Object.values(endpoints) as Endpoint[]
const withAccess = (...levels: Access[]) => table.filter((entry) => levels.includes(entry.access))

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

type Answer = { route: string; status: number; error?: string }
async function answers(t: TestApp, entries: Endpoint[], headers?: Record<string, string>) {
  const result: Answer[] = []
  for (const entry of entries) {
    const response = await t.app.inject(request(entry, headers))
    const error = response.statusCode >= 400 ? response.json<{ error: string }>().error : undefined
    result.push({ route: `${entry.method} ${entry.path}`, status: response.statusCode, error })
  }
  return result
}

// What the guards answer; a handler has its own refusals (totp_required_for_owners, last_owner).
const GUARDS = ["unauthorized", "forbidden", "cross_site", "totp_setup_required"]

/** Past validation and past the guards: whatever the handler answered. */
const passed = ({ error = "" }: Answer) =>
  !GUARDS.includes(error) && !/^invalid_(body|querystring|params)$/.test(error)

const refused = (status: number, error: string) => (answer: Answer) =>
  answer.status === status && answer.error === error

describeEachStore("every endpoint's access", (kind) => {
  let t: TestApp
  let owner: string
  let member: string
  beforeAll(async () => {
    t = await testApp(kind, { METRICS_TOKEN: "m".repeat(32) })
    owner = await signIn(t.app)
    member = (await addAccount(t.app, owner, "member", "member")).cookie
  })
  afterAll(() => t.close())

  it("refuses every admin request from another site", async () => {
    const crossSite = { "sec-fetch-site": "cross-site", origin: "https://elsewhere.example" }
    const all = await answers(t, withAccess("sign-in", "session", "member", "owner"), crossSite)
    expect(all.filter((answer) => !refused(403, "cross_site")(answer))).toEqual([])
  })

  it("asks for a session on every signed-in route, and not on the public and sign-in ones", async () => {
    const signedIn = await answers(t, withAccess("session", "member", "owner"))
    expect(signedIn.filter((answer) => !refused(401, "unauthorized")(answer))).toEqual([])
    const open = await answers(t, withAccess("public", "sign-in"))
    expect(open.filter((answer) => !passed(answer))).toEqual([])
  })

  it("opens the member routes to members, and refuses them the owner routes", async () => {
    const headers = { cookie: member }
    const open = await answers(t, withAccess("session", "member"), headers)
    expect(open.filter((answer) => !passed(answer))).toEqual([])
    const owners = await answers(t, withAccess("owner"), headers)
    expect(owners.filter((answer) => !refused(403, "forbidden")(answer))).toEqual([])
  })

  it("opens every signed-in route to an owner", async () => {
    const all = await answers(t, withAccess("session", "member", "owner"), { cookie: owner })
    expect(all.filter((answer) => !passed(answer))).toEqual([])
  })

  it("shows the metrics to the token's holder only, and to others that they do not exist", async () => {
    const metrics = withAccess("token")
    expect((await answers(t, metrics)).map((answer) => answer.status)).toEqual([404])
    const bearer = { authorization: `Bearer ${"m".repeat(32)}` }
    expect((await answers(t, metrics, bearer)).map((answer) => answer.status)).toEqual([200])
  })
})

describeEachStore("every endpoint's access while an owner's two-factor setup is due", (kind) => {
  let t: TestApp
  let owner: string
  beforeAll(async () => {
    t = await testApp(kind, { ADMIN_REQUIRE_2FA: "1" })
    owner = await signIn(t.app)
  })
  afterAll(() => t.close())

  it("opens only the session routes, and holds back the member and owner ones", async () => {
    const headers = { cookie: owner }
    const open = await answers(t, withAccess("session"), headers)
    expect(open.filter((answer) => !passed(answer))).toEqual([])
    const held = await answers(t, withAccess("member", "owner"), headers)
    expect(held.filter((answer) => !refused(403, "totp_setup_required")(answer))).toEqual([])
  })
})
