import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify"
import type { Deps } from "../../app"
import { readCookie, setCookie } from "../../auth/cookies"
import { checkPassword, hashPassword } from "../../auth/password"
import { actorOf, mustSetUpTotp } from "../../auth/roles"
import { requireSession } from "../../auth/session-guard"
import { loginThrottle } from "../../auth/throttle"
import { checkSecondFactor } from "../../auth/totp"
import { hashToken, newSessionToken, SESSION_COOKIE, SESSION_TTL_MS } from "../../auth/tokens"
import { HttpError } from "../../http-error"
import { LoginBody, type LoginPayload, PasswordBody, type PasswordPayload } from "../../schemas/admin"

const COOKIE_PATH = "/api/admin"

export async function adminAuthRoutes(app: FastifyInstance, { store, now, config }: Deps) {
  const throttle = loginThrottle(store.loginFailures, now)

  app.post<{ Body: LoginPayload }>("/api/admin/login", { schema: { body: LoginBody } }, async (request, reply) => {
    const username = request.body.username.trim().toLowerCase()
    const wait = await throttle.waitMs(username, request.ip)
    if (wait > 0) {
      reply.header("retry-after", Math.ceil(wait / 1000))
      throw new HttpError(429, "too_many_attempts", "Too many failed attempts; wait before trying again.")
    }
    const admin = await store.admins.findByUsername(username)
    if (!(await checkPassword(admin?.passwordHash ?? null, request.body.password)) || !admin) {
      await throttle.failed(username, request.ip)
      request.log.info({ username }, "admin login failed")
      throw new HttpError(401, "invalid_credentials", "Wrong user name or password.")
    }
    const secondFactor = await checkSecondFactor(store.admins, admin, request.body.totp, now())
    if (secondFactor === "required") throw new HttpError(401, "totp_required", "Enter the code of your authenticator app.")
    if (secondFactor === "invalid") {
      await throttle.failed(username, request.ip)
      await store.audit.record({ username: admin.username, ip: request.ip }, { action: "login_totp_failed" })
      throw new HttpError(401, "invalid_totp", "Wrong or already used code.")
    }
    await throttle.succeeded(username, request.ip)
    const token = newSessionToken()
    const issuedAt = now()
    const expiresAt = issuedAt + SESSION_TTL_MS
    await store.sessions.create(hashToken(token), admin.id, issuedAt, expiresAt)
    setSessionCookie(request, reply, token, SESSION_TTL_MS / 1000)
    await store.audit.record({ username: admin.username, ip: request.ip }, { action: "login" })
    return { expiresAt }
  })

  app.post("/api/admin/logout", async (request, reply) => {
    const token = readCookie(request, SESSION_COOKIE)
    const session = token ? await store.sessions.findLive(hashToken(token)) : null
    if (token) await store.sessions.revoke(hashToken(token))
    if (session) await store.audit.record({ username: session.username, ip: request.ip }, { action: "logout" })
    setSessionCookie(request, reply, "", 0)
    return reply.code(204).send()
  })

  app.get("/api/admin/session", { preHandler: requireSession(store) }, async (request) => {
    const session = request.adminSession!
    return {
      username: session.username,
      expiresAt: session.expiresAt,
      role: session.role,
      totpEnabled: session.totpEnabled,
      totpSetupRequired: mustSetUpTotp(config, session),
    }
  })

  // The admin area's password form. A wrong current password is a 400, not a 401: the
  // session is fine. Every session is then revoked, and this one replaced by a new one.
  app.post<{ Body: PasswordPayload }>("/api/admin/password", { schema: { body: PasswordBody }, preHandler: requireSession(store) }, async (request, reply) => {
    const { username, adminId } = request.adminSession!
    const wait = await throttle.waitMs(username, request.ip)
    if (wait > 0) {
      reply.header("retry-after", Math.ceil(wait / 1000))
      throw new HttpError(429, "too_many_attempts", "Too many failed attempts; wait before trying again.")
    }
    const admin = await store.admins.findByUsername(username)
    if (!admin || !(await checkPassword(admin.passwordHash, request.body.currentPassword))) {
      await throttle.failed(username, request.ip)
      throw new HttpError(400, "wrong_password", "The current password is wrong.")
    }
    await store.admins.upsert(username, await hashPassword(request.body.newPassword))
    await store.sessions.revokeAllOf(username)
    await store.audit.record(actorOf(request), { action: "password_changed" })
    const token = newSessionToken()
    const expiresAt = now() + SESSION_TTL_MS
    await store.sessions.create(hashToken(token), adminId, now(), expiresAt)
    setSessionCookie(request, reply, token, SESSION_TTL_MS / 1000)
    return { expiresAt }
  })
}

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, value: string, maxAgeSeconds: number) {
  setCookie(reply, SESSION_COOKIE, value, { path: COOKIE_PATH, maxAgeSeconds, secure: request.protocol === "https" })
}
