import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox"
import type { FastifyRequest } from "fastify"
import { isbot } from "isbot"
import { type AudienceEventPayload, MAX_EVENT_BODY_BYTES } from "../../contract/audience-event"
import { endpoints } from "../../contract/endpoints"
import type { Deps } from "../deps"
import { route } from "../routes/route"
import type { AudienceEventsTable } from "../store/schema"
import { dayOf } from "./days"
import { eventFloodLimit } from "./flood-limit"
import { visitorKey } from "./salts"
import { fromTeam } from "./team-marker"

/** Who is not counted: crawlers and scripts, browsers asking not to be (Global Privacy Control), the team. */
export function counted(request: FastifyRequest): boolean {
  const userAgent = request.headers["user-agent"] ?? ""
  return (
    userAgent !== "" &&
    !isbot(userAgent) &&
    request.headers["sec-gpc"] !== "1" &&
    !fromTeam(request)
  )
}

export function eventRow(
  event: AudienceEventPayload,
  at: number,
  visitor: string,
): AudienceEventsTable {
  const view = event.kind === "view" ? event : null
  return {
    at,
    day: dayOf(at),
    visitor,
    kind: event.kind,
    path: event.path,
    language: event.language,
    width: view?.width ?? null,
    referrer: view?.referrer ?? null,
    utm_source: view?.utmSource ?? null,
    utm_medium: view?.utmMedium ?? null,
    utm_campaign: view?.utmCampaign ?? null,
    utm_term: view?.utmTerm ?? null,
    utm_content: view?.utmContent ?? null,
    name: event.kind === "vital" || event.kind === "conversion" ? event.name : null,
    value:
      event.kind === "engagement" ? event.visibleMs : event.kind === "vital" ? event.value : null,
  }
}

/**
 * POST /api/event: the beacon's events, validated, answered 202 before they are stored (the
 * store writes them in batches), and dropped unanswered for whom `counted` refuses or past
 * EVENT_RATE_LIMIT's posts per address (flood-limit.ts). The
 * client address, user agent and host go into the day's visitor key only.
 */
export const audienceIngestRoutes: FastifyPluginAsyncTypebox<Deps> = async (
  app,
  { store, now, config },
) => {
  const withinLimit = eventFloodLimit(config.eventRateLimit, now)
  route(
    app,
    endpoints.recordEvents,
    { bodyLimit: MAX_EVENT_BODY_BYTES },
    async (request, reply) => {
      reply.header("cache-control", "no-store")
      if (counted(request) && withinLimit(request.ip)) {
        const at = now()
        const salt = await store.audience.salts.forTime(at)
        const visitor = visitorKey(
          salt,
          request.ip,
          request.headers["user-agent"] ?? "",
          request.hostname.toLowerCase(),
        )
        for (const event of request.body.events) store.audience.record(eventRow(event, at, visitor))
      }
      return reply.code(202).send(null)
    },
  )
  app.addHook("onClose", () => store.audience.drained())
}
