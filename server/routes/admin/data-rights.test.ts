import path from "node:path"
import SQLite from "better-sqlite3"
import pg from "pg"
import { SQLITE_FILE } from "../../store/database"
import { emailHash } from "../../store/privacy"
import { describeEachStore, signIn, type StoreKind, type TestApp, testApp } from "../../test/stores"

/** Every row of every table, as text: where a forgotten copy of an address would show. */
async function everyRow(t: TestApp, kind: StoreKind): Promise<string> {
  if (kind === "sqlite") {
    const db = new SQLite(path.join(t.config.dataDir, SQLITE_FILE), { readonly: true })
    try {
      const tables = db.prepare("select name from sqlite_master where type = 'table'").all() as {
        name: string
      }[]
      return tables
        .map(({ name }) => JSON.stringify(db.prepare(`select * from "${name}"`).all()))
        .join("\n")
    } finally {
      db.close()
    }
  }
  const client = new pg.Client({ connectionString: t.config.databaseUrl! })
  await client.connect()
  try {
    const tables = await client.query("select tablename from pg_tables where schemaname = 'public'")
    const dumps = []
    for (const { tablename } of tables.rows)
      dumps.push(JSON.stringify((await client.query(`select * from "${tablename}"`)).rows))
    return dumps.join("\n")
  } finally {
    await client.end()
  }
}

describeEachStore("admin data rights", (kind) => {
  let t: TestApp
  let cookie: string
  const clock = Date.parse("2026-05-04T09:30:00Z")
  beforeAll(async () => {
    t = await testApp(kind, {}, { now: () => clock })
    cookie = await signIn(t.app)
  })
  afterAll(() => t.close())

  const post = (url: string, payload: object, headers: Record<string, string> = { cookie }) =>
    t.app.inject({ method: "POST", url, payload, headers })
  const send = (payload: object) => t.app.inject({ method: "POST", url: "/SendMessage", payload })
  const contact = (email: string, message: string) =>
    send({
      name: "Anna Schmidt",
      Email: email,
      Company: "ACME GmbH",
      Phone: "+49 30 1234",
      Message: message,
      Language: "de",
      Page: "/de/contact",
    })

  beforeAll(async () => {
    await contact("Anna@Example.de", "Bitte um ein Angebot.")
    await contact("anna@example.de", "Noch eine Frage.")
    await contact("jo.anna@example.de", "Not Anna's.")
    await contact("colleague@example.de", "Please answer my colleague at anna@example.de, thanks.")
    await contact(
      "other@example.de",
      "Write to joanna@example.de.com or anna@example.de.com instead.",
    )
    await t.app.inject({
      method: "POST",
      url: "/api/newsletter",
      payload: { email: "anna@example.de", language: "de", consentVersion: "2026-11-22" },
    })
    await t.app.inject({
      method: "POST",
      url: "/api/newsletter",
      payload: { email: "joanna@example.de", language: "fr" },
    })
  })

  it("refuses every data-rights route without a session", async () => {
    for (const url of [
      "/api/admin/data-rights/search",
      "/api/admin/data-rights/export",
      "/api/admin/data-rights/erase",
    ]) {
      expect((await post(url, { email: "anna@example.de" }, {})).statusCode).toBe(401)
    }
    expect((await t.app.inject({ url: "/api/admin/data-rights/erasures" })).statusCode).toBe(401)
  })

  it("refuses a body that is not one email address", async () => {
    for (const payload of [
      {},
      { email: "anna" },
      { email: "anna@example.de", extra: 1 },
      { email: 5 },
    ]) {
      expect((await post("/api/admin/data-rights/search", payload)).statusCode).toBe(400)
    }
  })

  it(
    "finds the messages sent from or naming the address, " +
      "whatever its case, and the subscription with its consent",
    async () => {
      const response = await post("/api/admin/data-rights/search", { email: " ANNA@example.de " })
      expect(response.statusCode).toBe(200)
      const data = response.json()
      expect(data.email).toBe("anna@example.de")
      expect(data.messages.map((m: { message: string }) => m.message).sort()).toEqual([
        "Bitte um ein Angebot.",
        "Noch eine Frage.",
        "Please answer my colleague at anna@example.de, thanks.",
      ])
      expect(data.messages[0]).toMatchObject({
        name: "Anna Schmidt",
        company: "ACME GmbH",
        phone: "+49 30 1234",
        language: "de",
        page: "/de/contact",
      })
      // Every stored field, as the inbox shows it, including why a message was filed as spam, and
      // the team's notes and history (data-rights-team-records.test.ts), not who handles it.
      expect(Object.keys(data.messages[0]).sort()).toEqual([
        "company",
        "createdAt",
        "email",
        "history",
        "id",
        "kind",
        "language",
        "message",
        "name",
        "notes",
        "page",
        "phone",
        "source",
        "spamReason",
        "status",
      ])
      expect(data.subscription).toEqual({
        email: "anna@example.de",
        language: "de",
        subscribedAt: new Date(clock).toISOString(),
        consentAt: new Date(clock).toISOString(),
        consentVersion: "2026-11-22",
        confirmedAt: new Date(clock).toISOString(),
      })
      const none = (
        await post("/api/admin/data-rights/search", { email: "nobody@example.de" })
      ).json()
      expect(none).toEqual({ email: "nobody@example.de", messages: [], subscription: null })
    },
  )

  it("exports the same data as a JSON file to download", async () => {
    const response = await post("/api/admin/data-rights/export", { email: "anna@example.de" })
    expect(response.statusCode).toBe(200)
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8")
    expect(response.headers["content-disposition"]).toBe(
      'attachment; filename="personal-data-2026-05-04.json"',
    )
    const file = JSON.parse(response.body)
    expect(file.exportedAt).toBe(new Date(clock).toISOString())
    expect(file.messages).toHaveLength(3)
    expect(file.subscription.consentVersion).toBe("2026-11-22")
    const { exportedAt: _, ...data } = file
    expect(data).toEqual(
      (await post("/api/admin/data-rights/search", { email: "anna@example.de" })).json(),
    )
  })

  it("puts in the file only what the contract names, whatever else the store hands over", async () => {
    const found = await t.store.privacy.find("anna@example.de")
    const withExtras = {
      ...found,
      internal: "x",
      messages: found.messages.map((message) => ({ ...message, ipHash: "y" })),
    }
    const spy = jest.spyOn(t.store.privacy, "find").mockResolvedValueOnce(withExtras)
    try {
      const file = (
        await post("/api/admin/data-rights/export", { email: "anna@example.de" })
      ).json()
      expect(file.messages).toHaveLength(3)
      expect(JSON.stringify(file)).not.toMatch(/internal|ipHash/)
    } finally {
      spy.mockRestore()
    }
  })

  it("erases every trace of the address, keeps the others, and logs who did it with a hash", async () => {
    expect(await everyRow(t, kind)).toContain("anna@example.de")
    const response = await post("/api/admin/data-rights/erase", { email: "Anna@Example.DE" })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      adminUsername: "admin",
      emailSha256: emailHash("anna@example.de"),
      messages: 3,
      subscriptions: 1,
      erasedAt: new Date(clock).toISOString(),
    })

    // Nothing of the address is left in any table: neither the address nor its other case.
    const dump = (await everyRow(t, kind)).toLowerCase()
    expect(dump.match(/(^|[^a-z0-9.+_-])anna@example\.de(?![a-z0-9-]|\.[a-z])/g)).toBeNull()
    expect(dump).toContain(emailHash("anna@example.de"))
    // Longer addresses that contain it are someone else's.
    expect(dump).toContain("jo.anna@example.de")
    expect(dump).toContain("joanna@example.de")
    expect(dump).toContain("anna@example.de.com")
    expect(
      (await post("/api/admin/data-rights/search", { email: "anna@example.de" })).json(),
    ).toEqual({ email: "anna@example.de", messages: [], subscription: null })

    const log = await t.app.inject({ url: "/api/admin/data-rights/erasures", headers: { cookie } })
    expect(log.statusCode).toBe(200)
    expect(log.json()).toMatchObject({
      total: 1,
      page: 1,
      items: [
        {
          adminUsername: "admin",
          emailSha256: emailHash("anna@example.de"),
          messages: 3,
          subscriptions: 1,
        },
      ],
    })
  })

  it("records an erasure that found nothing too", async () => {
    const response = await post("/api/admin/data-rights/erase", { email: "nobody@example.de" })
    expect(response.json()).toMatchObject({ messages: 0, subscriptions: 0 })
    expect(
      (
        await t.app.inject({
          url: "/api/admin/data-rights/erasures?pageSize=1",
          headers: { cookie },
        })
      ).json(),
    ).toMatchObject({ total: 2, pageSize: 1 })
  })
})
