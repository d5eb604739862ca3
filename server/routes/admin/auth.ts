import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox"
import type { FastifyReply, FastifyRequest } from "fastify"
import { LoginBody, PasswordBody, SessionAnswer, SessionExpiry } from "../../../contract/admin"
import { ErrorResponses, NoBody } from "../../../contract/errors"
import { SESSION_TTL_MS } from "../../../contract/session"
import { readCookie, setCookie } from "../../auth/cookies"
import { checkPassword, hashPassword } from "../../auth/password"
import { requireSession } from "../../auth/session-guard"
import { loginThrottle } from "../../auth/throttle"
import { hashToken, newSessionToken, SESSION_COOKIE } from "../../auth/tokens"
import type { Deps } from "../../deps"
import { HttpError } from "../../http-error"

const COOKIE_PATH = "/api/admin"

export const adminAuthRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { store, now }) => {
  const throttle = loginThrottle(store.loginFailures, now)

  async function refuseWhileThrottled(username: string, ip: string, reply: FastifyReply) {
    const wait = await throttle.waitMs(username, ip)
    if (wait > 0) {
      reply.header("retry-after", Math.ceil(wait / 1000))
      throw new HttpError(429, "too_many_attempts", "Too many failed attempts; wait before trying again.")
    }
  }

  /** A new session for `adminId`: its cookie, and its end for the browser's record. */
  async function startSession(adminId: string, request: FastifyRequest, reply: FastifyReply) {
    const token = newSessionToken()
    const issuedAt = now()
    const expiresAt = issuedAt + SESSION_TTL_MS
    await store.sessions.create(hashToken(token), adminId, issuedAt, expiresAt)
    setSessionCookie(request, reply, token, SESSION_TTL_MS / 1000)
    return { expiresAt }
  }

  app.post("/api/admin/login", { schema: { body: LoginBody, response: { 200: SessionExpiry, ...ErrorResponses } } }, async (request, reply) => {
    const username = request.body.username.trim().toLowerCase()
    await refuseWhileThrottled(username, request.ip, reply)
    const admin = await store.admins.findByUsername(username)
    if (!(await checkPassword(admin?.passwordHash ?? null, request.body.password)) || !admin) {
      await throttle.failed(username, request.ip)
      request.log.info({ username }, "admin login failed")
      throw new HttpError(401, "invalid_credentials", "Wrong user name or password.")
    }
    await throttle.succeeded(username, request.ip)
    return startSession(admin.id, request, reply)
  })

  app.post("/api/admin/logout", { schema: { response: { 204: NoBody, ...ErrorResponses } } }, async (request, reply) => {
    const token = readCookie(request, SESSION_COOKIE)
    if (token) await store.sessions.revoke(hashToken(token))
    setSessionCookie(request, reply, "", 0)
    return reply.code(204).send(null)
  })

  app.get("/api/admin/session", { schema: { response: { 200: SessionAnswer, ...ErrorResponses } }, preHandler: requireSession(store) }, async (request) => {
    const session = request.adminSession!
    return { username: session.username, expiresAt: session.expiresAt }
  })

  // The admin area's password form. A wrong current password is a 400, not a 401: the
  // session is fine. Every session is then revoked, and this one replaced by a new one.
  app.post("/api/admin/password", { schema: { body: PasswordBody, response: { 200: SessionExpiry, ...ErrorResponses } }, preHandler: requireSession(store) }, async (request, reply) => {
    const { username, adminId } = request.adminSession!
    await refuseWhileThrottled(username, request.ip, reply)
    const admin = await store.admins.findByUsername(username)
    if (!admin || !(await checkPassword(admin.passwordHash, request.body.currentPassword))) {
      await throttle.failed(username, request.ip)
      throw new HttpError(400, "wrong_password", "The current password is wrong.")
    }
    await store.admins.upsert(username, await hashPassword(request.body.newPassword))
    await store.sessions.revokeAllOf(username)
    return startSession(adminId, request, reply)
  })
}

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, value: string, maxAgeSeconds: number) {
  setCookie(reply, SESSION_COOKIE, value, { path: COOKIE_PATH, maxAgeSeconds, secure: request.protocol === "https" })
}
