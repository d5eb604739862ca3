import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox"
import type { FastifyRequest } from "fastify"
import { isbot } from "isbot"
import { MAX_EVENT_BODY_BYTES } from "../../contract/audience-event"
import { endpoints } from "../../contract/endpoints"
import { type EventPost, recordPost } from "../audience/record-post"
import { fromTeam } from "../auth/team-marker"
import type { Deps } from "../deps"
import type { Clock } from "../store/query-helpers"
import type { RateLimit } from "../store/sliding-window"
import { eventFloodLimit } from "./event-flood-limit"
import { type Routes, route } from "./route"

/** How many user agents' bot verdicts are kept: a site sees a few hundred browsers' strings. */
const BOT_VERDICTS_KEPT = 1_000
const botVerdicts = new Map<string, boolean>()

/**
 * isbot's verdict, kept per user agent: its pattern is long, and during a burst the same few
 * browsers post again and again (5 % of the event thread's time went to it). The map is
 * emptied when full, so a script sending ever new strings cannot grow it.
 */
function isBot(userAgent: string): boolean {
  let verdict = botVerdicts.get(userAgent)
  if (verdict === undefined) {
    verdict = isbot(userAgent)
    if (botVerdicts.size >= BOT_VERDICTS_KEPT) botVerdicts.clear()
    botVerdicts.set(userAgent, verdict)
  }
  return verdict
}

/** Who is not counted: crawlers and scripts, browsers asking not to be (Global Privacy Control), the team. */
export function counted(request: FastifyRequest): boolean {
  const userAgent = request.headers["user-agent"] ?? ""
  return (
    userAgent !== "" &&
    !isBot(userAgent) &&
    request.headers["sec-gpc"] !== "1" &&
    !fromTeam(request)
  )
}

export interface EventRouteOptions {
  eventRateLimit: RateLimit | null
  now: Clock
  /** What becomes of an accepted post: stored here, or handed to the main thread (server/event-worker/). */
  accept: (post: EventPost) => void | Promise<void>
}

/**
 * POST /api/event: the beacon's events, validated, answered 202 before they are stored (the
 * store writes them in batches), and dropped unanswered for whom `counted` refuses or past
 * EVENT_RATE_LIMIT's posts per address (event-flood-limit.ts). The client address, user agent and
 * host go into the day's visitor key only. Served by the app's own port, and with EVENT_PORT
 * by a thread of its own too (server/event-worker/).
 */
export function eventRoute(app: Routes, { eventRateLimit, now, accept }: EventRouteOptions) {
  const withinLimit = eventFloodLimit(eventRateLimit, now)
  route(
    app,
    endpoints.recordEvents,
    { bodyLimit: MAX_EVENT_BODY_BYTES },
    async (request, reply) => {
      reply.header("cache-control", "no-store")
      if (counted(request) && withinLimit(request.ip)) {
        await accept({
          at: now(),
          address: request.ip,
          userAgent: request.headers["user-agent"] ?? "",
          site: request.hostname.toLowerCase(),
          events: request.body.events,
        })
      }
      return reply.code(202).send(null)
    },
  )
}

/** What the event route plugin is given: the store and the one setting it reads. */
export type EventRoutesOptions = Pick<Deps, "store" | "now"> & { eventRateLimit: RateLimit | null }

/** The event route on the app's own port, storing what it accepts. */
export const audienceIngestRoutes: FastifyPluginAsyncTypebox<EventRoutesOptions> = async (
  app,
  { store, now, eventRateLimit },
) => {
  eventRoute(app, { eventRateLimit, now, accept: (post) => recordPost(store, post) })
  app.addHook("onClose", () => store.audience.drained())
}
