import { describeEachStore, signIn, type TestApp, testApp } from "../../test/stores"

describeEachStore("admin messages API", (kind) => {
  let t: TestApp
  let cookie: string
  let clock = Date.parse("2026-03-10T12:00:00Z")
  const ids: Record<string, string> = {}

  beforeAll(async () => {
    t = await testApp(kind, {}, { now: () => clock })
    cookie = await signIn(t.app)
    const messages = [
      {
        key: "a",
        day: "2026-03-01",
        name: "Émilie Dubois",
        Email: "emilie@exemple.fr",
        Company: "Société Générale d'Études",
        Message: "Étude de marché, 100% qualitative",
      },
      {
        key: "b",
        day: "2026-03-05",
        name: "Hans Müller",
        Email: "hans@beispiel.de",
        Message: "Wir brauchen Umfragen",
      },
      {
        key: "c",
        day: "2026-03-09",
        name: '=HYPERLINK("x")',
        Email: "x@example.com",
        Message: 'Line one\nline "two", with comma',
      },
    ]
    for (const { key, day, ...payload } of messages) {
      clock = Date.parse(`${day}T08:00:00Z`)
      ids[key] = (await t.app.inject({ method: "POST", url: "/SendMessage", payload })).json().id
    }
    clock = Date.parse("2026-03-10T12:00:00Z")
  })
  afterAll(() => t.close())

  const get = (url: string) => t.app.inject({ url, headers: { cookie } })
  const list = async (query: string) => (await get(`/api/admin/messages${query}`)).json()

  it("lists newest first with paging", async () => {
    const page1 = await list("?pageSize=2")
    expect(page1).toMatchObject({ total: 3, page: 1, pageSize: 2 })
    expect(page1.items.map((m: { id: string }) => m.id)).toEqual([ids.c, ids.b])
    expect((await list("?page=2&pageSize=2")).items.map((m: { id: string }) => m.id)).toEqual([
      ids.a,
    ])
  })

  it(
    "searches name, email, company and message, " +
      "case-insensitively, with LIKE characters taken literally",
    async () => {
      const found = async (q: string) =>
        (await list(`?q=${encodeURIComponent(q)}`)).items.map((m: { id: string }) => m.id)
      expect(await found("MÜLLER")).toEqual([ids.b])
      expect(await found("exemple.fr")).toEqual([ids.a])
      expect(await found("générale")).toEqual([ids.a])
      expect(await found("umfragen")).toEqual([ids.b])
      expect(await found("100%")).toEqual([ids.a])
      expect(await found("0%q")).toEqual([])
      expect(await found("_")).toEqual([])
    },
  )

  it("filters by date (UTC days, both ends included) and by status", async () => {
    expect((await list("?from=2026-03-05&to=2026-03-09")).total).toBe(2)
    expect((await list("?to=2026-03-01")).total).toBe(1)
    expect((await list("?status=unread")).total).toBe(3)
    expect((await list("?status=spam")).total).toBe(0)
  })

  it("reads one, marks read and unread, archives, moves to spam and back", async () => {
    expect((await get(`/api/admin/messages/${ids.a}`)).json()).toMatchObject({
      id: ids.a,
      name: "Émilie Dubois",
      status: "unread",
    })
    const patch = (status: string) =>
      t.app.inject({
        method: "PATCH",
        url: `/api/admin/messages/${ids.a}`,
        headers: { cookie },
        payload: { status },
      })
    for (const status of ["read", "unread", "archived", "spam", "read"]) {
      const response = await patch(status)
      expect([response.statusCode, response.json().status]).toEqual([200, status])
    }
    expect((await patch("deleted")).statusCode).toBe(400)
    expect((await list("?status=read")).items.map((m: { id: string }) => m.id)).toEqual([ids.a])
  })

  it("applies bulk actions and deletes", async () => {
    const bulk = (payload: object) =>
      t.app.inject({
        method: "POST",
        url: "/api/admin/messages/bulk",
        headers: { cookie },
        payload,
      })
    expect((await bulk({ ids: [ids.b, ids.c], action: "archived" })).json()).toEqual({ changed: 2 })
    expect((await list("?status=archived")).total).toBe(2)
    expect((await bulk({ ids: [], action: "read" })).statusCode).toBe(400)
    expect((await bulk({ ids: [ids.b], action: "explode" })).statusCode).toBe(400)
    expect((await bulk({ ids: [ids.b, ids.c], action: "unread" })).json()).toEqual({ changed: 2 })
  })

  it("answers 404 for an unknown message", async () => {
    expect((await get("/api/admin/messages/00000000-0000-0000-0000-000000000000")).statusCode).toBe(
      404,
    )
    const del = await t.app.inject({
      method: "DELETE",
      url: "/api/admin/messages/nope",
      headers: { cookie },
    })
    expect(del.statusCode).toBe(404)
  })

  it("refuses bad query parameters", async () => {
    for (const query of [
      "?page=0",
      "?page=x",
      "?pageSize=101",
      "?status=deleted",
      "?from=2026-02-30",
      "?from=yesterday",
      "?unknown=1",
    ]) {
      const response = await get(`/api/admin/messages${query}`)
      expect([query, response.statusCode]).toEqual([query, 400])
    }
  })

  it("exports the filtered list as UTF-8 CSV with a BOM, quoted, with formulas defused", async () => {
    const response = await get("/api/admin/messages/export.csv?to=2026-03-09&q=e")
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8")
    expect(response.headers["content-disposition"]).toBe(
      'attachment; filename="messages-2026-03-10.csv"',
    )
    const bytes = response.rawPayload
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = bytes.subarray(3).toString("utf8")
    const lines = text.split("\r\n")
    expect(lines[0]).toBe(
      "id,receivedAt,status,name,email,company,phone,language,page,message,assignee," +
        "landingPage,referrer,utmSource,utmMedium,utmCampaign,utmTerm,utmContent,kind,rateCardVersion",
    )
    expect(text).toContain(
      `${ids.c},2026-03-09T08:00:00.000Z,unread,"'=HYPERLINK(""x"")",x@example.com,,,,,"Line ` +
        `one\nline ""two"", with comma"`,
    )
    expect(text).toContain("Société Générale d'Études")
    expect(text).toContain("Hans Müller")
  })

  it("deletes one message", async () => {
    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/messages/${ids.c}`,
      headers: { cookie },
    })
    expect(del.statusCode).toBe(204)
    expect((await get(`/api/admin/messages/${ids.c}`)).statusCode).toBe(404)
  })

  it("summarises counts by status, subscribers and 30 days of messages", async () => {
    await t.app.inject({
      method: "POST",
      url: "/api/newsletter",
      payload: { email: "reader@example.com", language: "de" },
    })
    const summary = (await get("/api/admin/summary")).json()
    expect(summary.messages).toEqual({
      unread: 1,
      read: 1,
      replied: 0,
      archived: 0,
      spam: 0,
      total: 2,
    })
    expect(summary.subscribers).toBe(1)
    expect(summary.perDay).toHaveLength(30)
    expect(summary.perDay[29]).toEqual({ date: "2026-03-10", count: 0 })
    expect(summary.perDay.find((d: { date: string }) => d.date === "2026-03-05")).toEqual({
      date: "2026-03-05",
      count: 1,
    })
    expect(summary.perDay[0].date).toBe("2026-02-09")
  })
})
