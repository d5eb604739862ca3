import type { FastifyReply, FastifyRequest } from "fastify"
import { HttpError } from "../http-error"
import type { Store } from "../store"
import type { LiveSession } from "../store/sessions"
import { readCookie } from "./cookies"
import { isCrossSite } from "./cross-site"
import { hashToken, SESSION_COOKIE } from "./tokens"

declare module "fastify" {
  interface FastifyRequest {
    adminSession: LiveSession | null
  }
}

export const refuseCrossSite = (siteUrl: string) => async (request: FastifyRequest) => {
  if (isCrossSite(request, [siteUrl])) {
    throw new HttpError(403, "cross_site", "Admin requests must come from the site itself.")
  }
}

/** preHandler for admin routes: a live, unrevoked session or 401. */
export const requireSession =
  (store: Store) => async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = readCookie(request, SESSION_COOKIE)
    const session = token ? await store.sessions.findLive(hashToken(token)) : null
    if (!session) throw new HttpError(401, "unauthorized", "Sign in first.")
    request.adminSession = session
  }
