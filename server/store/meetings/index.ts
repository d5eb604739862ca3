import { randomBytes } from "node:crypto"
import type { Kysely } from "kysely"
import type { MeetingTypeKey } from "../../../contract/booking"
import type { DurableTransaction } from "../durable-commit"
import type { DeliveryPlan, NewMessage } from "../messages"
import type { Clock } from "../query-helpers"
import type { Database } from "../schema"
import { insertBooking, type NewMeeting } from "./book"
import { cancelMeeting, type NewSlot, rescheduleMeeting, setOutcome } from "./change"
import { meetingReads } from "./read"
import { sha256 } from "./rows"
import {
  type Availability,
  memberOfFeed,
  readRules,
  type TypeSettings,
  writeAvailability,
  writeClosures,
  writeFeedToken,
  writeType,
} from "./settings"

export type { Availability, NewMeeting, NewSlot, TypeSettings }
export type { StoredMember, StoredRules } from "./settings"
export type { MemberLoad } from "./read"

/** Meetings (issue 49): the team's rules, the bookings and the cells that keep them apart. */
export function meetingsRepository(db: Kysely<Database>, durably: DurableTransaction, now: Clock) {
  return {
    ...meetingReads(db),
    rules: () => readRules(db),
    book: (lead: NewMessage, plan: DeliveryPlan, meeting: NewMeeting) =>
      insertBooking(durably, now(), lead, plan, meeting),
    reschedule: (current: { id: string; messageId: string; sequence: number }, slot: NewSlot) =>
      rescheduleMeeting(durably, now(), current, slot),
    cancel: (current: { id: string; messageId: string; sequence: number; start: number }) =>
      cancelMeeting(durably, now(), current),
    setOutcome: (id: string, status: "done" | "no_show") => setOutcome(db, now(), id, status),
    setAvailability: (memberId: string, availability: Availability) =>
      writeAvailability(db, now(), memberId, availability),
    setClosures: (dates: string[]) => writeClosures(db, dates),
    setType: (key: MeetingTypeKey, settings: TypeSettings) => writeType(db, now(), key, settings),
    setFeedToken: (memberId: string, tokenHash: string | null, fallback: Availability) =>
      writeFeedToken(db, now(), memberId, tokenHash, fallback),
    memberOfFeed: (tokenHash: string) => memberOfFeed(db, tokenHash),
    /** A new link token for the meeting, stored hashed beside the others; null when it is gone. */
    async mintToken(id: string): Promise<string | null> {
      const token = randomBytes(32).toString("base64url")
      const inserted = await db
        .insertInto("meeting_tokens")
        .columns(["token_hash", "meeting_id", "created_at"])
        .expression((eb) =>
          eb
            .selectFrom("meetings")
            .select([eb.val(sha256(token)).as("token_hash"), "id", eb.val(now()).as("created_at")])
            .where("id", "=", id),
        )
        .executeTakeFirst()
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 ? token : null
    },
  }
}

export type MeetingsRepository = ReturnType<typeof meetingsRepository>
