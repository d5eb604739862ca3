import type { Kysely } from "kysely"
import type { MeetingTypeKey } from "../../../contract/booking"
import type { Database } from "../schema"
import type { Hours } from "./booking-types"

/** A member's availability as stored: null for an account that never set one (the default). */
type TimeOffPeriod = { start: string; end: string }

export type StoredMember = {
  memberId: string
  username: string
  availability: {
    email: string | null
    zone: string
    bookable: boolean
    weekly: Record<string, Hours[]>
    timeOff: TimeOffPeriod[]
  } | null
}

export type TypeSettings = {
  durationMinutes: number
  bufferAfterMinutes: number
  minNoticeMinutes: number
  horizonDays: number
  dailyCap: number
}

export type StoredRules = {
  members: StoredMember[]
  closures: string[]
  /** Only the types the team changed; the others keep their defaults. */
  types: Partial<Record<MeetingTypeKey, TypeSettings>>
}

export async function readRules(db: Kysely<Database>): Promise<StoredRules> {
  const [members, closures, types] = await Promise.all([
    db
      .selectFrom("admin_users")
      .leftJoin("booking_members", "booking_members.member_id", "admin_users.id")
      .select(["admin_users.id", "admin_users.username"])
      .selectAll("booking_members")
      .orderBy("admin_users.username")
      .execute(),
    db.selectFrom("booking_closures").select("date").orderBy("date").execute(),
    db.selectFrom("booking_types").selectAll().execute(),
  ])
  return {
    members: members.map((row) => ({
      memberId: row.id,
      username: row.username,
      availability:
        row.zone === null
          ? null
          : {
              email: row.email,
              zone: row.zone,
              bookable: Number(row.bookable) === 1,
              weekly: JSON.parse(row.weekly!) as Record<string, Hours[]>,
              timeOff: JSON.parse(row.time_off!) as TimeOffPeriod[],
            },
    })),
    closures: closures.map((row) => row.date),
    types: Object.fromEntries(
      types.map((row) => [row.key, JSON.parse(row.settings) as TypeSettings]),
    ),
  }
}

export type Availability = NonNullable<StoredMember["availability"]>

const availabilityColumns = (availability: Availability, at: number) => ({
  email: availability.email,
  zone: availability.zone,
  bookable: availability.bookable ? 1 : 0,
  weekly: JSON.stringify(availability.weekly),
  time_off: JSON.stringify(availability.timeOff),
  updated_at: at,
})

export async function writeAvailability(
  db: Kysely<Database>,
  at: number,
  memberId: string,
  availability: Availability,
): Promise<void> {
  const values = availabilityColumns(availability, at)
  await db
    .insertInto("booking_members")
    .values({ member_id: memberId, feed_token_hash: null, ...values })
    .onConflict((oc) => oc.column("member_id").doUpdateSet(values))
    .execute()
}

/**
 * Sets (or with null revokes) a member's calendar feed token hash; a member who never set
 * their availability gets a row with `fallback`, what they had by default.
 */
export async function writeFeedToken(
  db: Kysely<Database>,
  at: number,
  memberId: string,
  tokenHash: string | null,
  fallback: Availability,
): Promise<void> {
  await db
    .insertInto("booking_members")
    .values({
      member_id: memberId,
      feed_token_hash: tokenHash,
      ...availabilityColumns(fallback, at),
    })
    .onConflict((oc) => oc.column("member_id").doUpdateSet({ feed_token_hash: tokenHash }))
    .execute()
}

export async function memberOfFeed(db: Kysely<Database>, tokenHash: string) {
  const row = await db
    .selectFrom("booking_members")
    .select("member_id")
    .where("feed_token_hash", "=", tokenHash)
    .executeTakeFirst()
  return row?.member_id ?? null
}

export async function writeClosures(db: Kysely<Database>, dates: string[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("booking_closures").execute()
    if (dates.length > 0)
      await trx
        .insertInto("booking_closures")
        .values([...new Set(dates)].map((date) => ({ date })))
        .execute()
  })
}

export async function writeType(
  db: Kysely<Database>,
  at: number,
  key: MeetingTypeKey,
  settings: TypeSettings,
): Promise<void> {
  const values = { settings: JSON.stringify(settings), updated_at: at }
  await db
    .insertInto("booking_types")
    .values({ key, ...values })
    .onConflict((oc) => oc.column("key").doUpdateSet(values))
    .execute()
}
