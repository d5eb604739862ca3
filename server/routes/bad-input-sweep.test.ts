// Property-based sweep of the newsletter and admin endpoints (contact.property.test.ts covers
// /SendMessage), and of both forms posted the way a browser without JavaScript posts them: random
// methods, paths, query strings, bodies and content types, with and
// without a session. Never a 5xx, every error in the { error, message } shape, and nothing
// in the store changes when the answer is an error.
import fs from "node:fs"
import fc from "fast-check"
import type { InjectOptions, LightMyRequestResponse } from "fastify"
import { writeFormSite } from "../test/form-site"
import { describeEachStore, signIn, type TestApp, testApp } from "../test/stores"

const RUNS = 1000

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "\ud800",
    "%",
    "%zz",
    "../..",
    "a\nb",
    "' or 1=1 --",
    "x@example.com",
    "2026-02-30",
    "0",
    "-1",
    "999999999",
    "new",
    "archived",
    "delete",
  ),
)
const anyJson = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 3 }),
  fc.dictionary(text, text, { maxKeys: 3 }),
)

/** A body that is plausible for one of the endpoints, with one field replaced by anything. */
function mutated(plausible: fc.Arbitrary<Record<string, unknown>>, keys: string[]) {
  return fc.oneof(
    { weight: 2, arbitrary: plausible },
    {
      weight: 3,
      arbitrary: fc
        .tuple(plausible, fc.constantFrom(...keys, "extra"), anyJson)
        .map(([body, key, value]) => ({ ...body, [key]: value })),
    },
    { weight: 1, arbitrary: fc.jsonValue() },
  )
}

/** How a body reaches the server: JSON, broken JSON, another content type, or none. */
function payload(
  body: fc.Arbitrary<unknown>,
): fc.Arbitrary<Pick<InjectOptions, "payload" | "headers">> {
  return fc.oneof(
    {
      weight: 6,
      arbitrary: body.map((value) => ({
        payload: JSON.stringify(value),
        headers: { "content-type": "application/json" },
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .string({ maxLength: 40 })
        .map((raw) => ({ payload: `{${raw}`, headers: { "content-type": "application/json" } })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            "text/plain",
            "application/x-www-form-urlencoded",
            "multipart/form-data",
            "application/json; charset=latin1",
            "x/y",
          ),
          text,
        )
        .map(([type, raw]) => ({ payload: raw, headers: { "content-type": type } })),
    },
    { weight: 1, arbitrary: fc.constant({}) },
  )
}

const query = fc
  .dictionary(
    fc.constantFrom(
      "q",
      "status",
      "from",
      "to",
      "page",
      "pageSize",
      "token",
      "id",
      "extra",
      "page[]",
    ),
    text,
    { maxKeys: 4 },
  )
  .map((entries) => {
    const search = new URLSearchParams(entries).toString()
    return search ? `?${search}` : ""
  })

/** The part of the store a request could change: messages with their status, subscribers. */
async function fingerprint(t: TestApp): Promise<string> {
  const messages = await t.store.messages.list({}, { offset: 0, limit: 1000 })
  const subscribers = await t.store.subscribers.list(undefined, { offset: 0, limit: 1000 })
  return JSON.stringify([
    messages.items.map((m) => [m.id, m.status]),
    subscribers.items.map((s) => s.id),
  ])
}

function expectWellFormed(response: LightMyRequestResponse, request: string) {
  if (response.statusCode >= 500)
    throw new Error(`${request} -> ${response.statusCode} ${response.body}`)
  if (response.statusCode < 400) return
  let body: unknown
  try {
    body = response.json()
  } catch {
    throw new Error(
      `${request} -> ${response.statusCode} with a body that is not JSON: ${response.body.slice(0, 200)}`,
    )
  }
  const shaped =
    typeof body === "object" &&
    body !== null &&
    typeof (body as { error: unknown }).error === "string" &&
    typeof (body as { message: unknown }).message === "string"
  if (!shaped)
    throw new Error(
      `${request} -> ${response.statusCode} not in the error shape: ${response.body.slice(0, 200)}`,
    )
}

async function seed(t: TestApp): Promise<string[]> {
  const ids: string[] = []
  for (const name of ["Ana", "Ben", "Chloe"]) {
    const response = await t.app.inject({
      method: "POST",
      url: "/SendMessage",
      payload: { name, Email: `${name.toLowerCase()}@example.com`, Message: "Bonjour" },
    })
    if (response.statusCode !== 201)
      throw new Error(`seed failed: ${response.statusCode} ${response.body}`)
    ids.push(response.json().id)
  }
  await t.app.inject({
    method: "POST",
    url: "/api/newsletter",
    payload: { email: "seed@example.com", language: "fr" },
  })
  return ids
}

/** Requests to the admin API: known endpoints with random parts, and random paths under it. */
function adminRequests(ids: string[]) {
  const id = fc.oneof(
    fc.constantFrom(...ids),
    text.filter((s) => s.length > 0 && !/[\ud800-\udfff]/.test(s)).map(encodeURIComponent),
    fc.constantFrom("%00", "..%2F..", "a".repeat(70)),
  )
  const status = fc.oneof(fc.constantFrom("new", "read", "archived"), text)
  const email = fc.oneof(fc.emailAddress(), text)
  const endpoint = fc.oneof(
    fc
      .tuple(
        fc.constantFrom("GET"),
        fc.constantFrom(
          "/api/admin/messages",
          "/api/admin/messages/export.csv",
          "/api/admin/subscribers",
          "/api/admin/subscribers/export.csv",
          "/api/admin/summary",
          "/api/admin/session",
          "/api/admin/data-rights/erasures",
        ),
      )
      .map(([method, url]) => ({ method, url, body: fc.constant(undefined) })),
    id.map((value) => ({
      method: "GET",
      url: `/api/admin/messages/${value}`,
      body: fc.constant(undefined),
    })),
    id.map((value) => ({
      method: "PATCH",
      url: `/api/admin/messages/${value}`,
      body: mutated(fc.record({ status }), ["status"]),
    })),
    id.map((value) => ({
      method: "DELETE",
      url: `/api/admin/messages/${value}`,
      body: fc.constant(undefined),
    })),
    id.map((value) => ({
      method: "DELETE",
      url: `/api/admin/subscribers/${value}`,
      body: fc.constant(undefined),
    })),
    fc.constant({
      method: "POST",
      url: "/api/admin/messages/bulk",
      body: mutated(
        fc.record({
          ids: fc.array(id, { maxLength: 3 }),
          action: fc.oneof(status, fc.constant("delete")),
        }),
        ["ids", "action"],
      ),
    }),
    fc.constantFrom("search", "export", "erase").map((action) => ({
      method: "POST",
      url: `/api/admin/data-rights/${action}`,
      body: mutated(fc.record({ email }), ["email"]),
    })),
    fc.constant({
      method: "POST",
      url: "/api/admin/password",
      body: mutated(fc.record({ currentPassword: text, newPassword: text }), [
        "currentPassword",
        "newPassword",
      ]),
    }),
    fc
      .tuple(fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"), fc.webPath())
      .map(([method, path]) => ({
        method,
        url: `/api/admin/${path.replace(/^\/+/, "")}`,
        body: anyJson as fc.Arbitrary<unknown>,
      })),
  )
  return endpoint.chain(({ method, url, body }) =>
    fc.record({
      method: fc.constant(method),
      url: query.map((search) => `${url}${search}`),
      send: payload(body as fc.Arbitrary<unknown>),
    }),
  )
}

describeEachStore("bad input sweep: newsletter", (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await testApp(kind)
    await seed(t)
  }, 60_000)
  afterAll(() => t.close())

  it("POST /api/newsletter: no 5xx, errors in shape, nothing stored from a refused body", async () => {
    const plausible = fc.record(
      {
        email: fc.oneof(
          { weight: 4, arbitrary: fc.emailAddress() },
          { weight: 1, arbitrary: text },
        ),
        language: fc.constantFrom("fr", "en", "de", "it", ""),
        consentVersion: fc.oneof(fc.constantFrom("2026-01", "v1"), text),
      },
      { requiredKeys: ["email", "language"] },
    )
    await fc.assert(
      fc.asyncProperty(
        payload(mutated(plausible, ["email", "language", "consentVersion"])),
        async (send) => {
          const before = await t.store.subscribers.count()
          const response = await t.app.inject({ method: "POST", url: "/api/newsletter", ...send })
          expectWellFormed(response, `POST /api/newsletter ${String(send.payload)}`)
          const after = await t.store.subscribers.count()
          expect([202, 400, 413, 415]).toContain(response.statusCode)
          // 202 whether the address was new or not (no enumeration): one row at most.
          expect(after - before).toBeLessThanOrEqual(response.statusCode === 202 ? 1 : 0)
          expect(after).toBeGreaterThanOrEqual(before)
        },
      ),
      { numRuns: RUNS },
    )
  }, 180_000)

  it(
    "the confirm and unsubscribe links and form: no 5xx, errors " +
      "in shape, nobody confirmed or removed by a bad token",
    async () => {
      await t.store.subscribers.subscribe("waiting@example.com", "fr", null, false)
      const confirmedAt = async () => {
        for await (const s of t.store.subscribers.each("waiting@example.com")) return s.confirmedAt
      }
      const request = fc.oneof(
        query.map((search) => ({
          method: "GET" as const,
          url: `/api/newsletter/unsubscribe${search}`,
          send: {},
        })),
        query.map((search) => ({
          method: "GET" as const,
          url: `/api/newsletter/confirm${search}`,
          send: {},
        })),
        payload(mutated(fc.record({ token: text }), ["token"])).map((send) => ({
          method: "POST" as const,
          url: "/api/newsletter/unsubscribe",
          send,
        })),
        payload(mutated(fc.record({ token: text }), ["token"])).map((send) => ({
          method: "POST" as const,
          url: "/api/newsletter/confirm",
          send,
        })),
      )
      await fc.assert(
        fc.asyncProperty(request, async ({ method, url, send }) => {
          const before = await t.store.subscribers.count()
          const response = await t.app.inject({ method, url, ...send })
          expectWellFormed(response, `${method} ${url}`)
          expect(await t.store.subscribers.count()).toBe(before)
          expect(await confirmedAt()).toBeNull()
        }),
        { numRuns: RUNS },
      )
    },
    180_000,
  )
})

describeEachStore("bad input sweep: admin API", (kind) => {
  let t: TestApp
  let ids: string[]
  let cookie: string
  beforeAll(async () => {
    t = await testApp(kind)
    ids = await seed(t)
    cookie = await signIn(t.app)
  }, 60_000)
  afterAll(() => t.close())

  it("without a session: no 5xx, never a 2xx, errors in shape, nothing changes", async () => {
    const noSession = fc.tuple(
      adminRequests(ids),
      fc.constantFrom(
        undefined,
        "admin_session=forged",
        "admin_session=",
        `admin_session=${"A".repeat(43)}`,
      ),
    )
    await fc.assert(
      fc.asyncProperty(noSession, async ([{ method, url, send }, forged]) => {
        const before = await fingerprint(t)
        const headers = { ...send.headers, ...(forged ? { cookie: forged } : {}) }
        const response = await t.app.inject({
          method: method as InjectOptions["method"],
          url,
          payload: send.payload,
          headers,
        })
        expectWellFormed(response, `${method} ${url}`)
        if (url.startsWith("/api/admin/logout")) return
        expect(response.statusCode).toBeGreaterThanOrEqual(400)
        expect(await fingerprint(t)).toBe(before)
      }),
      { numRuns: RUNS },
    )
  }, 180_000)

  it("with a session: no 5xx, errors in shape, nothing changes when the answer is an error", async () => {
    await fc.assert(
      fc.asyncProperty(adminRequests(ids), async ({ method, url, send }) => {
        const before = await fingerprint(t)
        const response = await t.app.inject({
          method: method as InjectOptions["method"],
          url,
          payload: send.payload,
          headers: { ...send.headers, cookie },
        })
        expectWellFormed(response, `${method} ${url}`)
        if (response.statusCode >= 400) expect(await fingerprint(t)).toBe(before)
      }),
      { numRuns: RUNS },
    )
    // The sweep never signs out nor changes the password: the session still works.
    expect(
      (await t.app.inject({ url: "/api/admin/session", headers: { cookie } })).statusCode,
    ).toBe(200)
  }, 180_000)

  it("POST /api/admin/login with random bodies: no 5xx, errors in shape, no session for a wrong password", async () => {
    const login = payload(
      mutated(fc.record({ username: fc.oneof(fc.constant("admin"), text), password: text }), [
        "username",
        "password",
      ]),
    )
    await fc.assert(
      fc.asyncProperty(login, async (send) => {
        const response = await t.app.inject({ method: "POST", url: "/api/admin/login", ...send })
        expectWellFormed(response, `POST /api/admin/login ${String(send.payload)}`)
        expect(response.statusCode).toBeGreaterThanOrEqual(400)
        expect(response.cookies.find((c) => c.name === "admin_session" && c.value)).toBeUndefined()
      }),
      { numRuns: RUNS },
    )
  }, 180_000)
})

/** A form-encoded body: plausible fields of the form, one of them replaced, extra or repeated keys. */
function formBody(fields: Record<string, fc.Arbitrary<string>>) {
  const keys = Object.keys(fields)
  return fc
    .tuple(
      fc.record(fields, { requiredKeys: [] }),
      fc.array(fc.tuple(fc.constantFrom(...keys, "extra", "returnTo", "__proto__"), text), {
        maxLength: 3,
      }),
    )
    .map(([record, extra]) => {
      const params = new URLSearchParams(record as Record<string, string>)
      for (const [key, value] of extra) params.append(key, value)
      return params.toString()
    })
}

describeEachStore("bad input sweep: forms posted without JavaScript", (kind) => {
  let t: TestApp
  let publicDir: string
  beforeAll(async () => {
    publicDir = writeFormSite()
    t = await testApp(kind, { PUBLIC_DIR: publicDir })
    await seed(t)
  }, 60_000)
  afterAll(async () => {
    await t.close()
    fs.rmSync(publicDir, { recursive: true, force: true })
  })

  const contact = formBody({
    name: fc.oneof(fc.constant("Ana"), text),
    Email: fc.oneof(fc.emailAddress(), text),
    Company: text,
    Phone: text,
    Message: fc.oneof(fc.constant("Bonjour"), text),
    Language: fc.constantFrom("fr", "en", "de", "xx", ""),
    Page: fc.constantFrom("/contact", "/en/contact", "nope", ""),
    Website: fc.constantFrom("", "spam"),
    ElapsedMs: fc.constantFrom("", "9000", "12", "-1", "1e9", "abc"),
    returnTo: fc.constantFrom("/en/contact", "/", "//evil.example", "/no/such/page", ""),
  })
  const newsletter = formBody({
    email: fc.oneof(fc.emailAddress(), text),
    language: fc.constantFrom("fr", "en", "de", "xx", ""),
    consentVersion: fc.oneof(fc.constant("2026-01"), text),
    returnTo: fc.constantFrom("/de/blog", "/", "//evil.example", ""),
  })
  const request = fc.oneof(
    contact.map((body) => ({ url: "/SendMessage", body })),
    newsletter.map((body) => ({ url: "/api/newsletter", body })),
  )

  it(
    "no 5xx; a success is a 303 to a result page with nothing personal in it; " +
      "an error is the page with one notice, or a JSON error, and stores nothing",
    async () => {
      await fc.assert(
        fc.asyncProperty(request, async ({ url, body }) => {
          const before = await fingerprint(t)
          const response = await t.app.inject({
            method: "POST",
            url,
            payload: body,
            headers: { "content-type": "application/x-www-form-urlencoded" },
          })
          if (response.statusCode >= 500)
            throw new Error(
              `${url} ${body} -> ${response.statusCode} ${response.body.slice(0, 200)}`,
            )
          if (response.statusCode === 303) {
            expect([
              "/contact/sent",
              "/en/contact/sent",
              "/de/contact/sent",
              "/newsletter/thanks",
              "/en/newsletter/thanks",
              "/de/newsletter/thanks",
            ]).toContain(response.headers.location)
            return
          }
          expect(await fingerprint(t)).toBe(before)
          if (String(response.headers["content-type"]).startsWith("text/html")) {
            expect([400, 413, 429]).toContain(response.statusCode)
            expect(response.body.match(/<p role="alert" data-form-error="/g)).toHaveLength(1)
            expect(response.body).not.toContain("<script>alert")
          } else {
            expectWellFormed(response, `POST ${url} ${body}`)
          }
        }),
        { numRuns: RUNS },
      )
    },
    180_000,
  )
})
