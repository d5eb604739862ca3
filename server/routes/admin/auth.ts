import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify"
import type { Deps } from "../../app"
import type { Config } from "../../config"
import { readCookie, setCookie } from "../../auth/cookies"
import { checkPassword, hashPassword } from "../../auth/password"
import { requireSession } from "../../auth/session-guard"
import { isRefused, loginThrottle } from "../../auth/throttle"
import { hashToken, newSessionToken, SESSION_COOKIE, SESSION_TTL_MS, usernameHash } from "../../auth/tokens"
import { HttpError } from "../../http-error"
import { LoginBody, type LoginPayload, PasswordBody, type PasswordPayload } from "../../schemas/admin"

const COOKIE_PATH = "/api/admin"

export async function adminAuthRoutes(app: FastifyInstance, { store, now, config }: Deps) {
  const throttle = loginThrottle(store.loginThrottle)

  /**
   * Runs `check` (a password verification) in a throttle slot taken before it starts: 429
   * when none is free. A falsy result counts as a failure; an error frees the slot.
   */
  async function checkThrottled<T>(request: FastifyRequest, reply: FastifyReply, username: string, check: () => Promise<T>): Promise<T> {
    const slot = await throttle.acquire(username, request.ip)
    if (isRefused(slot)) {
      reply.header("retry-after", Math.ceil(slot.retryAfterMs / 1000))
      throw new HttpError(429, "too_many_attempts", "Too many failed attempts; wait before trying again.")
    }
    let result: T
    try {
      result = await check()
    } catch (error) {
      await slot.release()
      throw error
    }
    await (result ? slot.succeeded() : slot.failed())
    return result
  }

  app.post<{ Body: LoginPayload }>("/api/admin/login", { schema: { body: LoginBody } }, async (request, reply) => {
    const username = request.body.username.trim().toLowerCase()
    const admin = await checkThrottled(request, reply, username, async () => {
      const found = await store.admins.findByUsername(username)
      return (await checkPassword(found?.passwordHash ?? null, request.body.password)) && found ? found : null
    })
    if (!admin) {
      // The name typed may be a password typed in the wrong field: only its hash is logged.
      request.log.info({ ip: request.ip, usernameSha256: usernameHash(username) }, "admin login failed")
      throw new HttpError(401, "invalid_credentials", "Wrong user name or password.")
    }
    const token = newSessionToken()
    const issuedAt = now()
    const expiresAt = issuedAt + SESSION_TTL_MS
    await store.sessions.create(hashToken(token), admin.id, issuedAt, expiresAt)
    setSessionCookie(config, request, reply, token, SESSION_TTL_MS / 1000)
    return { expiresAt }
  })

  app.post("/api/admin/logout", async (request, reply) => {
    const token = readCookie(request, SESSION_COOKIE)
    if (token) await store.sessions.revoke(hashToken(token))
    setSessionCookie(config, request, reply, "", 0)
    return reply.code(204).send()
  })

  app.get("/api/admin/session", { preHandler: requireSession(store) }, async (request) => {
    const session = request.adminSession!
    return { username: session.username, expiresAt: session.expiresAt }
  })

  // The admin area's password form. A wrong current password is a 400, not a 401: the
  // session is fine. Every session is then revoked, and this one replaced by a new one.
  app.post<{ Body: PasswordPayload }>("/api/admin/password", { schema: { body: PasswordBody }, preHandler: requireSession(store) }, async (request, reply) => {
    const { username, adminId } = request.adminSession!
    const checked = await checkThrottled(request, reply, username, async () => {
      const admin = await store.admins.findByUsername(username)
      return admin !== null && (await checkPassword(admin.passwordHash, request.body.currentPassword))
    })
    if (!checked) throw new HttpError(400, "wrong_password", "The current password is wrong.")
    await store.admins.upsert(username, await hashPassword(request.body.newPassword))
    await store.sessions.revokeAllOf(username)
    await throttle.clearAccount(username)
    const token = newSessionToken()
    const expiresAt = now() + SESSION_TTL_MS
    await store.sessions.create(hashToken(token), adminId, now(), expiresAt)
    setSessionCookie(config, request, reply, token, SESSION_TTL_MS / 1000)
    return { expiresAt }
  })
}

function setSessionCookie(config: Config, request: FastifyRequest, reply: FastifyReply, value: string, maxAgeSeconds: number) {
  const secure = config.cookieSecure === "auto" ? request.protocol === "https" : config.cookieSecure === "always"
  setCookie(reply, SESSION_COOKIE, value, { path: COOKIE_PATH, maxAgeSeconds, secure })
}
