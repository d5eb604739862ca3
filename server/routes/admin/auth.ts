import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox"
import type { FastifyReply, FastifyRequest } from "fastify"
import { ADMIN_PREFIX, endpoints } from "../../../contract/endpoints"
import { SESSION_TTL_MS } from "../../../contract/session"
import { type CookieSecure, readCookie, secureCookie, setCookie } from "../../auth/cookies"
import { checkPassword, hashPassword } from "../../auth/password"
import { passwordSlots, tooManyAttempts } from "../../auth/password-slots"
import { actorOf, mustSetUpTotp } from "../../auth/roles"
import { requireSession } from "../../auth/session-guard"
import { checkSignIn } from "../../auth/sign-in-check"
import { markTeamBrowser } from "../../auth/team-marker"
import { loginThrottle } from "../../auth/throttle"
import { hashToken, usernameHash, newSessionToken, SESSION_COOKIE } from "../../auth/tokens"
import type { Deps } from "../../deps"
import { HttpError } from "../../http-error"
import { route } from "../route"

const accountGone = () => new HttpError(401, "unauthorized", "This account no longer exists.")

export type AdminAuthRoutesOptions = Pick<Deps, "store" | "now" | "totpSecrets"> & {
  cookieSecure: CookieSecure
  analytics: boolean
  adminRequire2fa: boolean
}

export const adminAuthRoutes: FastifyPluginAsyncTypebox<AdminAuthRoutesOptions> = async (
  app,
  { store, now, totpSecrets, cookieSecure, analytics, adminRequire2fa },
) => {
  const throttle = loginThrottle(store.loginThrottle)

  const { takeSlot, checkThrottled } = passwordSlots(throttle)

  route(app, endpoints.login, async (request, reply) => {
    const username = request.body.username.trim().toLowerCase()
    const slot = await takeSlot(request, reply, username)
    const check = await checkSignIn(
      { admins: store.admins, totpSecrets, throttle, now },
      slot,
      username,
      request.body.password,
      request.body.totp,
    )
    if (check.result === "wrong_password") {
      // The name typed may be a password typed in the wrong field: only its hash is logged.
      request.log.info(
        { ip: request.ip, usernameSha256: usernameHash(username) },
        "admin login failed",
      )
      throw new HttpError(401, "invalid_credentials", "Wrong user name or password.")
    }
    if (check.result === "code_wait") throw tooManyAttempts(reply, check.retryAfterMs)
    const { admin } = check
    if (check.result === "totp_unreadable") {
      // Not a guess, and nothing a code could fix: the password was right.
      request.log.warn(
        { adminId: admin.id },
        "TOTP secret cannot be decrypted: the account must enrol again",
      )
      throw new HttpError(
        409,
        "totp_unreadable",
        "Your two-factor secret cannot be read on this server (its encryption key " +
          "changed). Ask an owner to reset your two-factor sign-in, then set it up again.",
      )
    }
    if (check.result === "totp_required")
      throw new HttpError(401, "totp_required", "Enter the code of your authenticator app.")
    if (check.result === "wrong_code") {
      await store.audit.record(
        { username: admin.username, ip: request.ip },
        { action: "login_totp_failed" },
      )
      throw new HttpError(401, "invalid_totp", "Wrong or already used code.")
    }
    const token = newSessionToken()
    const issuedAt = now()
    const expiresAt = issuedAt + SESSION_TTL_MS
    // The account may have been removed while its password was checked.
    if (!(await store.sessions.create(hashToken(token), admin.id, issuedAt, expiresAt)))
      throw new HttpError(401, "invalid_credentials", "Wrong user name or password.")
    setSessionCookie(cookieSecure, request, reply, token, SESSION_TTL_MS / 1000)
    if (analytics) markTeamBrowser(reply, secureCookie(cookieSecure, request.protocol))
    await store.audit.record({ username: admin.username, ip: request.ip }, { action: "login" })
    return { expiresAt }
  })

  route(app, endpoints.logout, async (request, reply) => {
    const token = readCookie(request, SESSION_COOKIE)
    const session = token ? await store.sessions.findLive(hashToken(token)) : null
    if (token) await store.sessions.revoke(hashToken(token))
    if (session)
      await store.audit.record({ username: session.username, ip: request.ip }, { action: "logout" })
    setSessionCookie(cookieSecure, request, reply, "", 0)
    return reply.code(204).send(null)
  })

  route(app, endpoints.getSession, { preHandler: requireSession(store) }, async (request) => {
    const session = request.adminSession!
    return {
      username: session.username,
      expiresAt: session.expiresAt,
      role: session.role,
      totpEnabled: session.totpEnabled,
      totpSetupRequired: mustSetUpTotp(adminRequire2fa, session),
    }
  })

  // The admin area's password form. A wrong current password is a 400, not a 401: the
  // session is fine. Every session is then revoked, and this one replaced by a new one.
  route(
    app,
    endpoints.changePassword,
    { preHandler: requireSession(store) },
    async (request, reply) => {
      const { username, adminId } = request.adminSession!
      const checked = await checkThrottled(request, reply, username, async () => {
        const admin = await store.admins.findByUsername(username)
        if (!admin) throw accountGone()
        return checkPassword(admin.passwordHash, request.body.currentPassword)
      })
      if (!checked) throw new HttpError(400, "wrong_password", "The current password is wrong.")
      const token = newSessionToken()
      const issuedAt = now()
      const expiresAt = issuedAt + SESSION_TTL_MS
      // An update, never an insert: an account removed meanwhile stays removed (401).
      const changed = await store.accounts.changePassword(
        adminId,
        await hashPassword(request.body.newPassword),
        { tokenHash: hashToken(token), issuedAt, expiresAt },
        actorOf(request),
      )
      if (!changed) throw accountGone()
      await throttle.clearAccount(username)
      setSessionCookie(cookieSecure, request, reply, token, SESSION_TTL_MS / 1000)
      return { expiresAt }
    },
  )
}

function setSessionCookie(
  cookieSecure: CookieSecure,
  request: FastifyRequest,
  reply: FastifyReply,
  value: string,
  maxAgeSeconds: number,
) {
  setCookie(reply, SESSION_COOKIE, value, {
    path: ADMIN_PREFIX,
    maxAgeSeconds,
    secure: secureCookie(cookieSecure, request.protocol),
  })
}
