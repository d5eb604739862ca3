import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox"
import { IANAZone } from "luxon"
import { MEETING_TYPE_KEYS, type MeetingTypeKey } from "../../../contract/booking"
import { endpoints } from "../../../contract/endpoints"
import { DAY } from "../../booking/clock"
import { defaultAvailability } from "../../booking/defaults"
import { rulesOf } from "../../booking/rules"
import { bookingServiceOf } from "../../booking/service"
import { newToken } from "../../booking/tokens"
import { meetingView } from "../../booking/views"
import type { Deps } from "../../deps"
import { HttpError } from "../../http-error"
import type { Availability } from "../../store/meetings"
import { sha256 } from "../../store/meetings/rows"
import { instantOf, refusal } from "../booking-refusals"
import { route, type Routes } from "../route"

/** Every member's availability, the closures and the types, as the settings screen reads them. */
async function settingsOf(store: Deps["store"]) {
  const rules = rulesOf(await store.meetings.rules())
  return {
    members: rules.members.map(
      ({ memberId, username, email, zone, bookable, weekly, timeOff }) => ({
        ...{ memberId, username, email, zone, bookable },
        weekly: weekly as Record<string, { start: string; end: string }[]>,
        timeOff: [...timeOff],
      }),
    ),
    closures: rules.closures,
    types: rules.types.map(({ key, ...settings }) => ({ key: key as MeetingTypeKey, ...settings })),
  }
}

/** What a member who never set their availability has: kept when their feed token is stored. */
function fallbackOf(memberId: string): Availability {
  const { zone, bookable, weekly } = defaultAvailability(memberId)
  return { email: null, zone, bookable, weekly: weekly as Availability["weekly"], timeOff: [] }
}

/** The team's meetings and booking settings (members). */
export const adminMeetingsRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { store, now }) => {
  const booking = bookingServiceOf(store, now)

  route(app, endpoints.listMeetings, async (request) => {
    const from = instantOf(request.query.from, "from", now())
    const to = instantOf(request.query.to, "to", from + 30 * DAY)
    return (await store.meetings.between(from, to)).map(meetingView)
  })

  route(app, endpoints.setMeetingOutcome, async (request) => {
    const result = await booking.outcome(request.params.id, request.body.status)
    if (!result.ok) throw refusal(result.reason)
    return meetingView(result.meeting)
  })

  route(app, endpoints.getBookingSettings, async () => settingsOf(store))

  // A member sets their own hours; an owner anyone's.
  route(app, endpoints.setAvailability, async (request) => {
    const session = request.adminSession!
    const memberId = request.params.id
    if (session.role !== "owner" && session.adminId !== memberId)
      throw new HttpError(403, "forbidden", "A member sets only their own availability.")
    const { members } = await store.meetings.rules()
    if (!members.some((member) => member.memberId === memberId))
      throw new HttpError(404, "not_found", "No such member.")
    const body = request.body
    if (!IANAZone.isValidZone(body.zone))
      throw new HttpError(400, "bad_zone", `${body.zone} is not a time zone.`)
    for (const period of body.timeOff)
      if (!(Date.parse(period.start) < Date.parse(period.end)))
        throw new HttpError(
          400,
          "bad_time_off",
          "Each time off needs two instants, the end after the start.",
        )
    for (const stretches of Object.values(body.weekly))
      for (const hours of stretches)
        if (hours.end <= hours.start)
          throw new HttpError(400, "bad_hours", "Each stretch of hours must end after it starts.")
    await store.meetings.setAvailability(memberId, body)
    booking.invalidate()
    return settingsOf(store)
  })

  route(app, endpoints.renewMyFeed, async (request, reply) => {
    const memberId = request.adminSession!.adminId
    const token = newToken()
    await store.meetings.setFeedToken(memberId, sha256(token), fallbackOf(memberId))
    return reply.code(201).send({ url: endpoints.getMemberFeed.path.replace(":token", token) })
  })

  route(app, endpoints.revokeMyFeed, async (request, reply) => {
    const memberId = request.adminSession!.adminId
    await store.meetings.setFeedToken(memberId, null, fallbackOf(memberId))
    return reply.code(204).send(null)
  })
}

/** Closures and meeting types (owners). */
export async function adminMeetingOwnerRoutes(app: Routes, { store, now }: Deps) {
  const booking = bookingServiceOf(store, now)
  route(app, endpoints.setClosures, async (request) => {
    await store.meetings.setClosures(request.body.dates)
    booking.invalidate()
    return settingsOf(store)
  })

  route(app, endpoints.setMeetingType, async (request) => {
    const key = request.params.id as MeetingTypeKey
    if (!MEETING_TYPE_KEYS.includes(key)) throw refusal("unknown_type")
    await store.meetings.setType(key, request.body)
    booking.invalidate()
    return { key, ...request.body }
  })
}
