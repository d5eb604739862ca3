import { describeEachStore, type TestApp, testApp, withRaw } from "../../test/stores"
import { NO_DELIVERIES } from "../messages"
import { sha256 } from "./rows"
import { testLead } from "./test-lead"

const MINUTE = 60_000
const start = Date.parse("2030-03-04T09:00:00Z")
const lead = testLead

describeEachStore("meetings store: one member, one quarter hour, one meeting", (kind) => {
  let t: TestApp
  let memberId: string
  const meeting = (at: number, token: string) => ({
    type: "demo" as const,
    start: at,
    end: at + 30 * MINUTE,
    freeAt: at + 45 * MINUTE,
    zone: "Europe/Paris",
    language: "fr" as const,
    memberId,
    tokenHash: sha256(token),
  })
  beforeAll(async () => {
    t = await testApp(kind, {}, { now: () => Date.parse("2030-03-01T00:00:00Z") })
    memberId = (await t.store.meetings.rules()).members[0].memberId
  })
  afterAll(() => t.close())

  it("refuses a second booking whose cells overlap the first, and stores nothing of it", async () => {
    const first = await t.store.meetings.book(
      lead("a@example.com"),
      NO_DELIVERIES,
      meeting(start, "a"),
    )
    expect(first.ok).toBe(true)
    // Starts 30 minutes later: inside the first one's buffer (it holds the member until 9:45).
    const second = await t.store.meetings.book(
      lead("b@example.com"),
      NO_DELIVERIES,
      meeting(start + 30 * MINUTE, "b"),
    )
    expect(second.ok).toBe(false)
    const { items } = await t.store.messages.list({}, { offset: 0, limit: 10 })
    expect(items.map((m) => m.email)).toEqual(["a@example.com"])
    expect(items[0].kind).toBe("meeting")
    // Right after the buffer is free.
    const third = await t.store.meetings.book(
      lead("c@example.com"),
      NO_DELIVERIES,
      meeting(start + 45 * MINUTE, "c"),
    )
    expect(third.ok).toBe(true)
  })

  it("frees the cells on cancel, and deleting the lead deletes the meeting", async () => {
    const at = start + 86_400_000
    const booked = await t.store.meetings.book(
      lead("d@example.com"),
      NO_DELIVERIES,
      meeting(at, "d"),
    )
    if (!booked.ok) throw new Error("not booked")
    const record = (await t.store.meetings.get(booked.id))!
    expect(record).toMatchObject({ status: "booked", sequence: 0, email: "d@example.com" })
    await t.store.meetings.cancel({ ...record })
    expect((await t.store.meetings.get(booked.id))!).toMatchObject({
      status: "cancelled",
      sequence: 1,
    })
    const again = await t.store.meetings.book(
      lead("e@example.com"),
      NO_DELIVERIES,
      meeting(at, "e"),
    )
    expect(again.ok).toBe(true)
    if (!again.ok) return
    await t.store.messages.remove([again.messageId], { username: "admin", ip: null })
    expect(await t.store.meetings.get(again.id)).toBeNull()
    // Its cells went with it: the slot can be booked again.
    const third = await t.store.meetings.book(
      lead("f@example.com"),
      NO_DELIVERIES,
      meeting(at, "f"),
    )
    expect(third.ok).toBe(true)
  })

  it("queues the booking mails and the reminders still to come", async () => {
    const at = start + 2 * 86_400_000
    const booked = await t.store.meetings.book(
      lead("g@example.com"),
      NO_DELIVERIES,
      meeting(at, "g"),
    )
    if (!booked.ok) throw new Error("not booked")
    const mails = async () =>
      (
        await withRaw(t.config, (db) =>
          db
            .selectFrom("outbox")
            .select(["payload", "next_at"])
            .where("message_id", "=", booked.messageId)
            .execute(),
        )
      )
        .map((row) => ({ ...JSON.parse(row.payload!), nextAt: Number(row.next_at) }))
        .sort((a, b) => a.nextAt - b.nextAt || a.to.localeCompare(b.to))
    const now = Date.parse("2030-03-01T00:00:00Z")
    expect(await mails()).toEqual([
      { meetingId: booked.id, event: "booked", to: "member", sequence: 0, nextAt: now },
      { meetingId: booked.id, event: "booked", to: "visitor", sequence: 0, nextAt: now },
      ...["member", "visitor"].map((to) => ({
        meetingId: booked.id,
        event: "reminder_24h",
        to,
        sequence: 0,
        nextAt: at - 86_400_000,
      })),
      ...["member", "visitor"].map((to) => ({
        meetingId: booked.id,
        event: "reminder_1h",
        to,
        sequence: 0,
        nextAt: at - 3_600_000,
      })),
    ])
    const record = (await t.store.meetings.get(booked.id))!
    await t.store.meetings.cancel(record)
    // The reminders went; the cancellation goes to both.
    expect((await mails()).map((m) => `${m.event}:${m.to}:${m.sequence}`).sort()).toEqual([
      "booked:member:0",
      "booked:visitor:0",
      "cancelled:member:1",
      "cancelled:visitor:1",
    ])
  })
})
