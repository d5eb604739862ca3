import { sha256 } from "../../store/meetings/rows"
import { testLead } from "../../store/meetings/test-lead"
import { NO_DELIVERIES } from "../../store/messages"
import { describeEachStore, signIn, type TestApp, testApp, withRaw } from "../../test/stores"

const start = Date.parse("2030-03-04T09:00:00Z")
const email = "lea@example.com"

describeEachStore("admin data rights: a person's meetings", (kind) => {
  let t: TestApp
  let cookie: string
  beforeAll(async () => {
    t = await testApp(kind, {}, { now: () => Date.parse("2030-03-01T00:00:00Z") })
    cookie = await signIn(t.app)
  })
  afterAll(() => t.close())

  const post = (url: string, address = email) =>
    t.app.inject({ method: "POST", url, headers: { cookie }, payload: { email: address } })
  const book = async (address: string, at: number, token: string) => {
    const memberId = (await t.store.meetings.rules()).members[0].memberId
    const booked = await t.store.meetings.book(testLead(address), NO_DELIVERIES, {
      type: "demo",
      start: at,
      end: at + 30 * 60_000,
      freeAt: at + 45 * 60_000,
      zone: "Europe/Paris",
      language: "fr",
      memberId,
      tokenHash: sha256(token),
    })
    if (!booked.ok) throw new Error("the booking was refused")
    const meeting = (await t.store.meetings.byTokenHash(sha256(token)))!.meeting
    await t.store.meetings.mintToken(meeting.id)
    return meeting
  }
  const rows = (table: "meetings" | "meeting_cells" | "meeting_tokens") =>
    withRaw(t.config, (db) => db.selectFrom(table).selectAll().execute())

  it("exports the meetings with their lead, erases them, their cells and tokens, and keeps the others'", async () => {
    const mine = await book(email, start, "mine")
    const other = await book("other@example.com", start + 2 * 3_600_000, "other")

    const file = await post("/api/admin/data-rights/export")
    expect(file.statusCode).toBe(200)
    const lead = file.json().messages.find((m: { id: string }) => m.id === mine.messageId)
    expect(lead.meetings).toEqual([
      {
        type: "demo",
        start: "2030-03-04T09:00:00.000Z",
        end: "2030-03-04T09:30:00.000Z",
        zone: "Europe/Paris",
        status: "booked",
        language: "fr",
      },
    ])
    // The member it went to is the team's, not the person's.
    expect(JSON.stringify(lead)).not.toContain(mine.member.id)
    expect((await post("/api/admin/data-rights/search")).json().messages[0].meetings).toEqual(
      lead.meetings,
    )

    expect((await post("/api/admin/data-rights/erase")).statusCode).toBe(200)
    expect((await rows("meetings")).map((row) => row.id)).toEqual([other.id])
    const cells = await rows("meeting_cells")
    expect(cells.length).toBeGreaterThan(0)
    expect(cells.every((row) => row.meeting_id === other.id)).toBe(true)
    expect((await rows("meeting_tokens")).every((row) => row.meeting_id === other.id)).toBe(true)
    expect((await post("/api/admin/data-rights/export")).json().messages).toEqual([])
  })
})
