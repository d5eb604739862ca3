import type { PersonalData } from "../../../contract/data-rights"
import { migrate, migrateTo } from "../../store/migrations"
import {
  describeEachStore,
  freshStoreLocation,
  signIn,
  type TestApp,
  testApp,
  withRaw,
} from "../../test/stores"
import { addAccount } from "../../test/team"

const MINUTE = 60_000

// A person's data includes what the team wrote and did about their messages: the notes, and
// when each message was assigned, answered or filed. Not who in the team did it (docs/INBOX.md).
describeEachStore(
  "admin data rights: the team's notes and history of the person's messages",
  (kind) => {
    let t: TestApp
    let owner: string
    let lea: Awaited<ReturnType<typeof addAccount>>
    let max: Awaited<ReturnType<typeof addAccount>>
    let annaMessage: string
    let quietMessage: string
    let clock = Date.parse("2026-05-04T09:00:00Z")
    const at = (minutes: number) =>
      new Date(Date.parse("2026-05-04T09:00:00Z") + minutes * MINUTE).toISOString()
    const later = (minutes: number) => (clock = Date.parse(at(minutes)))

    const as = (
      cookie: string,
      method: "POST" | "PUT" | "PATCH" | "DELETE",
      url: string,
      payload?: object,
    ) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) })
    const send = async (email: string, message: string) =>
      (
        await t.app.inject({
          method: "POST",
          url: "/SendMessage",
          payload: { name: "Anna Schmidt", Email: email, Message: message },
        })
      ).json().id as string
    const note = async (cookie: string, id: string, text: string) =>
      expect(
        (await as(cookie, "POST", `/api/admin/messages/${id}/notes`, { text })).statusCode,
      ).toBe(201)

    beforeAll(async () => {
      t = await testApp(kind, {}, { now: () => clock })
      owner = await signIn(t.app)
      lea = await addAccount(t.app, owner, "lea", "member")
      max = await addAccount(t.app, owner, "max.weber", "member")
      annaMessage = await send("anna@example.de", "Bitte um ein Angebot.")
      quietMessage = await send("anna@example.de", "Noch eine Frage.")
      const someoneElse = await send("bert@example.de", "Ein Angebot für uns?")

      later(1)
      expect(
        (
          await as(lea.cookie, "PUT", `/api/admin/messages/${annaMessage}/assignee`, {
            assigneeId: lea.id,
          })
        ).statusCode,
      ).toBe(200)
      later(2)
      await note(
        lea.cookie,
        annaMessage,
        "Rang her back: wants a quote for 200 respondents.\nCall again Monday.",
      )
      later(3)
      expect(
        (await as(lea.cookie, "PATCH", `/api/admin/messages/${annaMessage}`, { status: "replied" }))
          .statusCode,
      ).toBe(200)
      later(4)
      await note(max.cookie, annaMessage, "Quote sent.")
      later(5)
      await note(owner, annaMessage, "Discount approved.")
      later(6)
      expect(
        (
          await as(owner, "PUT", `/api/admin/messages/${annaMessage}/assignee`, {
            assigneeId: null,
          })
        ).statusCode,
      ).toBe(200)
      later(7)
      expect(
        (
          await as(owner, "POST", "/api/admin/messages/bulk", {
            ids: [annaMessage, someoneElse],
            action: "archived",
          })
        ).statusCode,
      ).toBe(200)
      await note(owner, someoneElse, "Not Anna's: never in her data.")
      // An author whose account is gone since, and whose name now belongs to an owner: the note
      // keeps the role its author had when writing it.
      expect((await as(owner, "DELETE", `/api/admin/users/${max.id}`)).statusCode).toBe(204)
      await addAccount(t.app, owner, "max.weber", "owner")
    })
    afterAll(() => t.close())

    const search = async () => {
      const response = await as(owner, "POST", "/api/admin/data-rights/search", {
        email: "anna@example.de",
      })
      expect(response.statusCode).toBe(200)
      return response.json()
    }
    const exported = async () => {
      const response = await as(owner, "POST", "/api/admin/data-rights/export", {
        email: "anna@example.de",
      })
      expect(response.statusCode).toBe(200)
      return JSON.parse(response.body)
    }
    const byId = (data: Pick<PersonalData, "messages">, id: string) =>
      data.messages.find((m) => m.id === id)!

    it(
      "exports each message with the team's notes (text, " +
        "date, author's role) and its history, oldest first",
      async () => {
        const file = await exported()
        expect(byId(file, annaMessage).notes).toEqual([
          {
            createdAt: at(2),
            text: "Rang her back: wants a quote for 200 respondents.\nCall again Monday.",
            authorRole: "member",
          },
          { createdAt: at(4), text: "Quote sent.", authorRole: "member" },
          { createdAt: at(5), text: "Discount approved.", authorRole: "owner" },
        ])
        expect(byId(file, annaMessage).history).toEqual([
          { at: at(1), action: "assigned", status: null },
          { at: at(3), action: "status_changed", status: "replied" },
          { at: at(6), action: "unassigned", status: null },
          { at: at(7), action: "status_changed", status: "archived" },
        ])
        expect(byId(file, annaMessage).status).toBe("archived")
        expect(byId(file, quietMessage)).toMatchObject({ notes: [], history: [] })
        expect(JSON.stringify(file)).not.toContain("Not Anna's")
      },
    )

    it(
      "leaves out what is only about team members: account " +
        "names and ids, client addresses, the assignee",
      async () => {
        const text = JSON.stringify(await exported())
        for (const name of ["admin", "lea", "max.weber"]) expect(text).not.toContain(`"${name}"`)
        for (const id of [lea.id, max.id]) expect(text).not.toContain(id)
        expect(text).not.toContain("127.0.0.1")
        expect(Object.keys(byId(JSON.parse(text), annaMessage))).not.toContain("assignee")
        // The inbox still shows who handled it, and the audit log who did what.
        expect(
          (
            await t.store.audit.list({ messageId: annaMessage }, { offset: 0, limit: 100 })
          ).items.map((e) => e.username),
        ).toContain("lea")
      },
    )

    it("answers the search with the same data as the file, every field declared in the contract", async () => {
      const { exportedAt, ...file } = await exported()
      expect(exportedAt).toBe(new Date(clock).toISOString())
      // The search answer is serialized with the contract's schema, which drops undeclared fields:
      // the file holds no field the contract does not declare, and misses none.
      expect(await search()).toEqual(file)
      expect(byId(file, annaMessage).notes).toHaveLength(3)
    })

    it("erases the notes and the messages' personal data with the address", async () => {
      expect(
        (
          await as(owner, "POST", "/api/admin/data-rights/erase", { email: "anna@example.de" })
        ).json(),
      ).toMatchObject({ messages: 2 })
      expect(await t.store.notes.list(annaMessage)).toEqual([])
      expect(await search()).toEqual({ email: "anna@example.de", messages: [], subscription: null })
    })
  },
)

describeEachStore("migration 0011: notes written before it take their author's role", (kind) => {
  it("from the account of that name, and none when it was removed already", async () => {
    const location = await freshStoreLocation(kind)
    try {
      const at = Date.parse("2026-05-04T09:00:00Z")
      const roles = await withRaw(location, async (db) => {
        await migrateTo(db, "0010_outbox_tokens")
        const account = { password_hash: "x", created_at: at, updated_at: at }
        await db
          .insertInto("admin_users")
          .values([
            { ...account, id: "u1", username: "lea", role: "member" },
            { ...account, id: "u2", username: "olga", role: "owner" },
          ])
          .execute()
        await db
          .insertInto("messages")
          .values({
            id: "m1",
            created_at: at,
            status: "unread",
            name: "Anna",
            email: "anna@example.de",
            message: "Hallo",
            search_text: "anna",
            // The table as of 0010: no kind column yet (0017).
          } as never)
          .execute()
        const note = (id: string, author: string) => ({
          id,
          message_id: "m1",
          author_username: author,
          created_at: at,
          body: `by ${author}`,
        })
        await db
          .insertInto("message_notes")
          .values([note("n1", "lea"), note("n2", "olga"), note("n3", "gone")])
          .execute()
        await migrate(db)
        return db.selectFrom("message_notes").select(["id", "author_role"]).orderBy("id").execute()
      })
      expect(roles).toEqual([
        { id: "n1", author_role: "member" },
        { id: "n2", author_role: "owner" },
        { id: "n3", author_role: null },
      ])
    } finally {
      await location.drop()
    }
  })
})
