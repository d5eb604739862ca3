import type { FastifyReply, FastifyRequest } from "fastify"
import { endpoints } from "../../contract/endpoints"
import { readCookie, setCookie } from "./cookies"
import { SESSION_COOKIE } from "./tokens"

// The session cookie's path is /api/admin, so it never reaches POST /api/event. Signing in
// also sets this marker, sent only to /api/event, so that the team's own visits of the
// public pages are not counted; it holds no session and stays after sign-out (docs/AUDIENCE.md).
export const TEAM_COOKIE = "audience_team"
const MAX_AGE_SECONDS = 400 * 86_400

export function markTeamBrowser(reply: FastifyReply, secure: boolean) {
  setCookie(reply, TEAM_COOKIE, "1", {
    path: endpoints.recordEvents.path,
    maxAgeSeconds: MAX_AGE_SECONDS,
    secure,
  })
}

export const fromTeam = (request: FastifyRequest) =>
  readCookie(request, TEAM_COOKIE) !== null || readCookie(request, SESSION_COOKIE) !== null
