import { describeEachStore, signIn, type TestApp, testApp } from "../../test/stores"
import { addAccount, signInAs } from "../../test/team"

const visitor = {
  name: "Camille Martin",
  Email: "camille@example.fr",
  Message: "Bonjour, une démo ?",
  ElapsedMs: 9000,
}

describeEachStore("shared inbox", (kind) => {
  let t: TestApp
  let owner: string
  let member: { id: string; password: string; cookie: string }
  let messageId: string
  let clock = Date.parse("2026-05-01T09:00:00Z")

  beforeAll(async () => {
    t = await testApp(kind, {}, { now: () => clock })
    owner = await signIn(t.app)
    member = await addAccount(t.app, owner, "lea", "member")
    messageId = (
      await t.app.inject({ method: "POST", url: "/SendMessage", payload: visitor })
    ).json().id
  })
  afterAll(() => t.close())

  const as = (
    cookie: string,
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) })
  const audit = async () =>
    (await as(owner, "GET", "/api/admin/audit?pageSize=100")).json().items as {
      username: string
      action: string
      messageId: string | null
      detail: string | null
    }[]

  it("adds a member with a generated password shown once, and refuses a taken or malformed name", async () => {
    const users = (await as(owner, "GET", "/api/admin/users")).json()
    expect(users.map((u: { username: string; role: string }) => [u.username, u.role])).toEqual([
      ["admin", "owner"],
      ["lea", "member"],
    ])
    expect(Object.keys(users[0]).sort()).toEqual([
      "createdAt",
      "id",
      "role",
      "totpEnabled",
      "username",
    ])
    expect(member.password).toMatch(/^[A-Za-z0-9_-]{20}$/)
    expect(
      (await as(owner, "POST", "/api/admin/users", { username: "lea", role: "member" })).json()
        .error,
    ).toBe("username_taken")
    for (const payload of [
      { username: "Léa", role: "member" },
      { username: "x", role: "admin" },
      { username: "", role: "member" },
      { username: "y", role: "member", password: "p" },
    ]) {
      expect((await as(owner, "POST", "/api/admin/users", payload)).statusCode).toBe(400)
    }
  })

  it(
    "keeps users, the audit log, deletions, subscribers " +
      "and personal data from members (403), on the server",
    async () => {
      const refused: [string, string, object?][] = [
        ["GET", "/api/admin/users"],
        ["POST", "/api/admin/users", { username: "eve", role: "owner" }],
        ["PATCH", `/api/admin/users/${member.id}`, { role: "owner" }],
        ["DELETE", `/api/admin/users/${member.id}`],
        ["GET", "/api/admin/audit"],
        ["DELETE", `/api/admin/messages/${messageId}`],
        ["POST", "/api/admin/messages/bulk", { ids: [messageId], action: "delete" }],
        ["GET", "/api/admin/subscribers"],
        ["POST", "/api/admin/data-rights/erase", { email: "camille@example.fr" }],
      ]
      for (const [method, url, payload] of refused) {
        const response = await as(member.cookie, method as "GET", url, payload)
        expect([method, url, response.statusCode, response.json().error]).toEqual([
          method,
          url,
          403,
          "forbidden",
        ])
      }
      expect(await t.store.messages.get(messageId)).not.toBeNull()
      expect((await as(member.cookie, "GET", "/api/admin/session")).json()).toMatchObject({
        username: "lea",
        role: "member",
      })
      expect((await as(member.cookie, "GET", `/api/admin/messages/${messageId}`)).statusCode).toBe(
        200,
      )
    },
  )

  it("lets a member assign a message to themselves, filter by assignee, and unassign it", async () => {
    const assignees = (await as(member.cookie, "GET", "/api/admin/assignees")).json()
    expect(assignees).toEqual([
      { id: expect.any(String), username: "admin" },
      { id: member.id, username: "lea" },
    ])
    const assigned = await as(member.cookie, "PUT", `/api/admin/messages/${messageId}/assignee`, {
      assigneeId: member.id,
    })
    expect(assigned.json().assignee).toEqual({ id: member.id, username: "lea" })
    const mine = (await as(member.cookie, "GET", "/api/admin/messages?assignee=me")).json()
    expect(mine.items.map((m: { id: string }) => m.id)).toEqual([messageId])
    expect((await as(owner, "GET", "/api/admin/messages?assignee=me")).json().total).toBe(0)
    expect((await as(owner, "GET", "/api/admin/messages?assignee=none")).json().total).toBe(0)
    expect(
      (
        await as(member.cookie, "PUT", `/api/admin/messages/${messageId}/assignee`, {
          assigneeId: "nobody",
        })
      ).json().error,
    ).toBe("unknown_assignee")
    expect(
      (
        await as(member.cookie, "PUT", "/api/admin/messages/nope/assignee", {
          assigneeId: member.id,
        })
      ).statusCode,
    ).toBe(404)
    expect(
      (
        await as(member.cookie, "PUT", `/api/admin/messages/${messageId}/assignee`, {
          assigneeId: 5,
        })
      ).statusCode,
    ).toBe(400)
    expect(
      (
        await as(member.cookie, "PUT", `/api/admin/messages/${messageId}/assignee`, {
          assigneeId: null,
        })
      ).json().assignee,
    ).toBeNull()
    await as(member.cookie, "PUT", `/api/admin/messages/${messageId}/assignee`, {
      assigneeId: member.id,
    })
  })

  it("keeps internal notes with their author and time, oldest first", async () => {
    clock += 60_000
    const first = await as(member.cookie, "POST", `/api/admin/messages/${messageId}/notes`, {
      text: "  Called back, wants a demo on Tuesday.  ",
    })
    expect(first.statusCode).toBe(201)
    clock += 60_000
    await as(owner, "POST", `/api/admin/messages/${messageId}/notes`, { text: "<b>Quote</b> sent" })
    const notes = (await as(member.cookie, "GET", `/api/admin/messages/${messageId}/notes`)).json()
    expect(
      notes.map((n: { author: string; text: string; createdAt: string }) => [
        n.author,
        n.text,
        n.createdAt,
      ]),
    ).toEqual([
      ["lea", "Called back, wants a demo on Tuesday.", "2026-05-01T09:01:00.000Z"],
      ["admin", "<b>Quote</b> sent", "2026-05-01T09:02:00.000Z"],
    ])
    for (const payload of [
      { text: "" },
      { text: "x".repeat(5001) },
      { text: "nul\u0000" },
      { note: "x" },
    ]) {
      expect(
        (await as(member.cookie, "POST", `/api/admin/messages/${messageId}/notes`, payload))
          .statusCode,
      ).toBe(400)
    }
    expect(
      (await as(member.cookie, "POST", "/api/admin/messages/nope/notes", { text: "x" })).statusCode,
    ).toBe(404)
    expect((await as(member.cookie, "GET", "/api/admin/messages/nope/notes")).statusCode).toBe(404)
  })

  it("marks a message replied, and counts it on the dashboard", async () => {
    const replied = await as(member.cookie, "PATCH", `/api/admin/messages/${messageId}`, {
      status: "replied",
    })
    expect(replied.json().status).toBe("replied")
    expect((await as(member.cookie, "GET", "/api/admin/summary")).json().messages).toMatchObject({
      replied: 1,
      unread: 0,
      total: 1,
    })
    expect(
      (await as(member.cookie, "GET", "/api/admin/messages?status=replied")).json().total,
    ).toBe(1)
  })

  it("writes who did what to which message, who signed in and who exported, in the audit log", async () => {
    await as(member.cookie, "GET", "/api/admin/messages/export.csv?q=camille&status=replied")
    const entries = await audit()
    const summary = entries.map((e) => [e.username, e.action, e.messageId, e.detail])
    expect(summary).toContainEqual(["admin", "login", null, null])
    expect(summary).toContainEqual(["lea", "login", null, null])
    expect(summary).toContainEqual(["admin", "user_added", null, "lea (member)"])
    expect(summary).toContainEqual(["lea", "message_assigned", messageId, "lea"])
    expect(summary).toContainEqual(["lea", "message_assigned", messageId, null])
    expect(summary).toContainEqual(["lea", "message_replied", messageId, "replied"])
    expect(summary.filter((e) => e[1] === "message_note")).toHaveLength(2)
    const exported = entries.find((e) => e.action === "messages_exported")!
    expect(exported.username).toBe("lea")
    // The filter's shape only: the searched text may be a visitor's name.
    expect(JSON.parse(exported.detail!)).toEqual({ status: "replied", q: "…" })
    expect(JSON.stringify(entries)).not.toContain("camille")
    const ofMessage = (await as(owner, "GET", `/api/admin/audit?messageId=${messageId}`)).json()
    expect(ofMessage.items.every((e: { messageId: string }) => e.messageId === messageId)).toBe(
      true,
    )
    expect(ofMessage.total).toBe(6) // assigned, unassigned, assigned again, two notes, replied
  })

  it("audits bulk changes per message and deletions by owners", async () => {
    const other = (
      await t.app.inject({ method: "POST", url: "/SendMessage", payload: visitor })
    ).json().id
    expect(
      (
        await as(member.cookie, "POST", "/api/admin/messages/bulk", {
          ids: [other, messageId, "missing"],
          action: "archived",
        })
      ).json(),
    ).toEqual({ changed: 2 })
    expect((await as(owner, "DELETE", `/api/admin/messages/${other}`)).statusCode).toBe(204)
    const entries = await audit()
    expect(
      entries
        .filter((e) => e.action === "message_status" && e.detail === "archived")
        .map((e) => e.messageId)
        .sort(),
    ).toEqual([other, messageId].sort())
    expect(entries.find((e) => e.action === "message_deleted")).toMatchObject({
      username: "admin",
      messageId: other,
    })
  })

  it("changes roles and removes accounts, never the last owner; a removed account's sessions end", async () => {
    const admin = (await as(owner, "GET", "/api/admin/users"))
      .json()
      .find((u: { username: string }) => u.username === "admin")
    expect(
      (await as(owner, "PATCH", `/api/admin/users/${admin.id}`, { role: "member" })).json().error,
    ).toBe("last_owner")
    expect((await as(owner, "DELETE", `/api/admin/users/${admin.id}`)).statusCode).toBe(409)
    expect(
      (await as(owner, "PATCH", `/api/admin/users/${member.id}`, { role: "owner" })).json(),
    ).toMatchObject({ username: "lea", role: "owner" })
    // A role change ends the account's sessions: the next sign-in has the new role.
    expect((await as(member.cookie, "GET", "/api/admin/users")).statusCode).toBe(401)
    const lea = await signInAs(t.app, "lea", member.password)
    expect((await as(lea, "GET", "/api/admin/users")).statusCode).toBe(200)
    expect(
      (await as(lea, "PATCH", `/api/admin/users/${admin.id}`, { role: "member" })).json().role,
    ).toBe("member")
    expect((await as(owner, "GET", "/api/admin/users")).statusCode).toBe(401)
    // Changing one's own role keeps the session it was made from.
    const leaOwn = (await as(lea, "PATCH", `/api/admin/users/${member.id}`, { role: "owner" }))
      .statusCode
    expect(leaOwn).toBe(200)
    expect(
      (await as(lea, "PATCH", `/api/admin/users/${admin.id}`, { role: "owner" })).statusCode,
    ).toBe(200)
    owner = await signIn(t.app)
    member = { ...member, cookie: lea }
    const temp = await addAccount(t.app, owner, "temp", "member")
    await as(temp.cookie, "PUT", `/api/admin/messages/${messageId}/assignee`, {
      assigneeId: temp.id,
    })
    expect((await as(owner, "DELETE", `/api/admin/users/${temp.id}`)).statusCode).toBe(204)
    expect((await as(temp.cookie, "GET", "/api/admin/session")).statusCode).toBe(401)
    // The message stays, now unassigned; the account's notes and audit entries keep its name.
    expect((await t.store.messages.get(messageId))!.assignee).toBeNull()
    expect((await as(owner, "DELETE", `/api/admin/users/${temp.id}`)).statusCode).toBe(404)
    await expect(signInAs(t.app, "temp", temp.password)).rejects.toThrow(/401/)
  })

  it("purges audit entries with the messages, after RETENTION_MONTHS", async () => {
    const before = (await audit()).length
    expect(before).toBeGreaterThan(0)
    clock = Date.parse("2028-05-02T09:00:00Z")
    const purged = await t.store.privacy.purge(24)
    expect(purged.audit).toBe(before)
    // Deleting a message takes its notes with it.
    expect(await t.store.notes.list(messageId)).toEqual([])
  })
})
