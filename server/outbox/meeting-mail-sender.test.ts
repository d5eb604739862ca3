import type { FastifyBaseLogger } from "fastify"
import { CONTENT_DIR, meetingRecord, SITE_URL } from "../booking/meeting-fixtures"
import { openStore } from "../store"
import { openDatabase } from "../store/database"
import type { MeetingMailPayload, MeetingRecord } from "../store/meetings/meeting-record"
import { insertDeliveries, outboxRow } from "../store/outbox"
import { describeEachStore, freshStoreLocation } from "../test/stores"
import { fastOutbox, waitFor } from "../test/wait-for"
import { sent } from "./delivery"
import { meetingMailSender, type MeetingMailStore, skipReason } from "./meeting-mail-sender"
import { createOutboxWorker } from "./worker"

const NOW = Date.parse("2027-03-27T07:00:00Z")
const silent = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger
const payload = (overrides: Partial<MeetingMailPayload> = {}): MeetingMailPayload => ({
  meetingId: "m-1",
  event: "reminder_24h",
  to: "visitor",
  sequence: 0,
  ...overrides,
})

describe("skipReason", () => {
  const meeting = meetingRecord()
  it.each([
    ["a current reminder", meeting, payload(), null],
    ["a reminder of an older SEQUENCE", { ...meeting, sequence: 1 }, payload(), "superseded"],
    [
      "a booking mail of an older SEQUENCE",
      { ...meeting, sequence: 1 },
      payload({ event: "booked" }),
      "superseded",
    ],
    [
      "a reminder of a cancelled meeting",
      { ...meeting, status: "cancelled" },
      payload(),
      "cancelled",
    ],
    ["a reminder of a meeting marked done", { ...meeting, status: "done" }, payload(), "over"],
    ["a reminder once the meeting started", { ...meeting, start: NOW }, payload(), "started"],
    ["a mail of an erased meeting", null, payload(), "meeting_gone"],
    [
      "the member's mail without an address",
      { ...meeting, member: { ...meeting.member, email: null } },
      payload({ to: "member" }),
      "no_member_address",
    ],
    [
      "the cancel mail",
      { ...meeting, status: "cancelled", sequence: 1 },
      payload({ event: "cancelled" }),
      null,
    ],
  ] as const)("%s", (_name, record, mail, reason) => {
    expect(skipReason(record as MeetingRecord | null, mail, NOW)).toBe(reason)
  })
})

/** Meetings in memory, as the meetings repository would answer. */
function meetingsOf(records: MeetingRecord[]): MeetingMailStore & { minted: number } {
  const byId = new Map(records.map((record) => [record.id, record]))
  const store = {
    minted: 0,
    get: async (id: string) => byId.get(id) ?? null,
    mintToken: async (id: string) => (byId.has(id) ? `token-${++store.minted}` : null),
  }
  return store
}

const deps = (meetings: MeetingMailStore, send = jest.fn(async () => sent())) => ({
  meetings,
  send,
  log: silent,
  now: () => NOW,
  contentDir: CONTENT_DIR,
  siteUrl: SITE_URL,
  mailFrom: "no-reply@example.com",
  organizer: "sales@example.com",
})
const row = (mail: MeetingMailPayload) => outboxRow({ kind: "meeting_mail", payload: mail }, NOW)

describe("the meeting_mail sender", () => {
  it("drops a stale reminder as sent, without mailing, and says why in the log", async () => {
    const info = jest.fn()
    const send = jest.fn(async () => sent())
    const sender = meetingMailSender({
      ...deps(meetingsOf([meetingRecord({ sequence: 1, status: "rescheduled" })]), send),
      log: { ...silent, info } as unknown as FastifyBaseLogger,
    })
    expect(await sender(row(payload({ sequence: 0 })))).toEqual(sent())
    expect(send).not.toHaveBeenCalled()
    expect(info).toHaveBeenCalledWith(
      expect.objectContaining({ reason: "superseded", meetingId: "m-1" }),
      "meeting mail dropped",
    )
  })

  it("mints the visitor's link for the mail, and the payload holds no token", async () => {
    const meetings = meetingsOf([meetingRecord()])
    const send = jest.fn(async () => sent())
    const delivery = row(payload({ event: "booked" }))
    expect(await meetingMailSender(deps(meetings, send))(delivery)).toEqual(sent())
    const [[mail]] = send.mock.calls as unknown as [[{ text: string; to: string }]]
    expect(mail.to).toBe("ada@visitor.example")
    expect(mail.text).toContain(`${SITE_URL}/en/contact/booking/manage?token=token-1`)
    expect(delivery.payload).not.toContain("token")
  })

  it("fails a row whose payload it cannot read", async () => {
    const sender = meetingMailSender(deps(meetingsOf([])))
    const bad = { ...row(payload()), payload: '{"meetingId":1}' }
    expect((await sender(bad)).result).toBe("failed")
  })
})

// Two replicas on one store, each with its own outbox worker, and reminders that came due
// while neither ran: each current one is mailed once, each stale one never.
describeEachStore("meeting reminders with two workers on one store", (kind) => {
  it("are sent exactly once, and stale ones are dropped", async () => {
    const location = await freshStoreLocation(kind)
    const now = Date.now()
    const records = Array.from({ length: 30 }, (_, i) =>
      meetingRecord({
        id: `m-${i}`,
        uid: `u-${i}`,
        start: now + 3_600_000,
        end: now + 5_400_000,
        // Every third one was rescheduled after its reminders were written.
        sequence: i % 3 === 0 ? 1 : 0,
      }),
    )
    const mails = records.flatMap((record) =>
      (["visitor", "member"] as const).map((to) =>
        outboxRow(
          {
            kind: "meeting_mail",
            payload: { meetingId: record.id, event: "reminder_1h", to, sequence: 0 },
          },
          now - 60_000,
        ),
      ),
    )

    const meetings = meetingsOf(records)
    const mailed: string[] = []
    const send = async (mail: { messageId: string }) => {
      mailed.push(mail.messageId)
      await new Promise((resolve) => setTimeout(resolve, 10))
      return sent()
    }
    const stores: Awaited<ReturnType<typeof openStore>>[] = []
    for (let n = 0; n < 2; n++) stores.push(await openStore({ ...location, now: Date.now }))
    // Inserted as they were queued, due a minute ago (openStore has migrated the store).
    const { db } = openDatabase(location)
    await insertDeliveries(db, mails)
    await db.destroy()
    const workers = stores.map((store) =>
      createOutboxWorker(
        store.outbox,
        { meeting_mail: meetingMailSender({ ...deps(meetings), send, now: Date.now }) },
        silent,
        Date.now,
        { leaseMs: 60_000, batch: 4, ...fastOutbox() },
      ),
    )
    try {
      for (const worker of workers) worker.start()
      await waitFor(
        async () => (await stores[0].outbox.countByStatus()).sent === mails.length,
        20_000,
        "every row finished",
      )
      const current = records.filter((record) => record.sequence === 0).length * 2
      expect(mailed).toHaveLength(current)
      expect(new Set(mailed).size).toBe(current)
    } finally {
      for (const worker of workers) await worker.stop()
      for (const store of stores) await store.close()
      await location.drop()
    }
  }, 60_000)
})
