import { describeEachStore, type TestApp, testApp } from "../../test/stores"
import { NO_DELIVERIES } from "../messages"
import { sha256 } from "./rows"
import { testLead } from "./test-lead"

const start = Date.parse("2030-03-04T09:00:00Z")
const lead = testLead("lea@example.com")

describeEachStore("meetings store: each visitor mail's own link token", (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await testApp(kind, {}, { now: () => Date.parse("2030-03-01T00:00:00Z") })
  })
  afterAll(() => t.close())

  it("mints tokens that open the meeting beside the booking's first, and none for a gone meeting", async () => {
    const memberId = (await t.store.meetings.rules()).members[0].memberId
    const booked = await t.store.meetings.book(lead, NO_DELIVERIES, {
      type: "demo",
      start,
      end: start + 30 * 60_000,
      freeAt: start + 45 * 60_000,
      zone: "Europe/Paris",
      language: "fr",
      memberId,
      tokenHash: sha256("first"),
    })
    if (!booked.ok) throw new Error("the booking was refused")
    const id = (await t.store.meetings.byTokenHash(sha256("first")))!.meeting.id

    const minted = await t.store.meetings.mintToken(id)
    expect(minted).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect((await t.store.meetings.byTokenHash(sha256(minted!)))?.meeting.id).toBe(id)
    // The first link keeps working, and a second mint is another token.
    expect((await t.store.meetings.byTokenHash(sha256("first")))?.meeting.id).toBe(id)
    const again = await t.store.meetings.mintToken(id)
    expect(again).not.toBe(minted)

    expect(await t.store.meetings.mintToken("no-such-meeting")).toBeNull()
    expect(await t.store.meetings.byTokenHash(sha256("never-minted"))).toBeNull()
  })
})
