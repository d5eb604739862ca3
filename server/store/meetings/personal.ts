import type { Kysely } from "kysely"
import type { PersonalMeeting } from "../../../contract/data-rights"
import type { Database } from "../schema"
import { meetingReads } from "./read"

const iso = (ms: number) => new Date(ms).toISOString()

/**
 * The meetings of some leads, by lead, as a personal data export gives them (what the
 * person booked, not the team member it went to). In batches, like the export's other reads.
 */
export async function meetingsOf(
  db: Kysely<Database>,
  messageIds: string[],
): Promise<Map<string, PersonalMeeting[]>> {
  const found = new Map<string, PersonalMeeting[]>()
  const reads = meetingReads(db)
  for (let i = 0; i < messageIds.length; i += 500)
    for (const meeting of await reads.forMessages(messageIds.slice(i, i + 500)))
      found.set(meeting.messageId, [
        ...(found.get(meeting.messageId) ?? []),
        {
          type: meeting.type,
          start: iso(meeting.start),
          end: iso(meeting.end),
          zone: meeting.zone,
          status: meeting.status,
          language: meeting.language,
        },
      ])
  return found
}
