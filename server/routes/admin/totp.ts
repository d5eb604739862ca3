import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox"
import { endpoints } from "../../../contract/endpoints"
import { checkPassword } from "../../auth/password"
import { passwordSlots } from "../../auth/password-slots"
import { actorOf, mustSetUpTotp } from "../../auth/roles"
import { requireSession } from "../../auth/session-guard"
import { loginThrottle } from "../../auth/throttle"
import { newTotpSecret, totpStep, totpUri } from "../../auth/totp"
import type { Deps } from "../../deps"
import { HttpError } from "../../http-error"
import { route } from "../route"

export type AdminTotpRoutesOptions = Pick<Deps, "store" | "now" | "totpSecrets"> & {
  siteUrl: string
  adminRequire2fa: boolean
}

/**
 * Each account's own two-factor sign-in. Outside the guarded scope: an owner whom
 * ADMIN_REQUIRE_2FA holds back must still reach these to enrol.
 */
export const adminTotpRoutes: FastifyPluginAsyncTypebox<AdminTotpRoutesOptions> = async (
  app,
  { store, now, totpSecrets, siteUrl, adminRequire2fa },
) => {
  app.addHook("preHandler", requireSession(store))
  const { checkThrottled } = passwordSlots(loginThrottle(store.loginThrottle))
  const passwordOf = async (username: string, password: string) => {
    const admin = await store.admins.findByUsername(username)
    return admin !== null && (await checkPassword(admin.passwordHash, password))
  }

  route(app, endpoints.startTotp, async (request) => {
    const session = request.adminSession!
    if (session.totpEnabled)
      throw new HttpError(409, "totp_already_enabled", "Two-factor sign-in is already on.")
    const secret = newTotpSecret()
    await store.admins.setPendingTotp(session.adminId, totpSecrets.seal(session.adminId, secret))
    const issuer = new URL(siteUrl).hostname
    return { secret, uri: totpUri(secret, session.username, issuer) }
  })

  // The password again, as for turning it off: a session taken from someone cannot enrol its
  // own app and lock them out. Their other sessions end (whoever else held one signs in again,
  // with the code).
  route(app, endpoints.enableTotp, async (request, reply) => {
    const session = request.adminSession!
    const checked = await checkThrottled(request, reply, session.username, () =>
      passwordOf(session.username, request.body.password),
    )
    if (!checked) throw new HttpError(400, "wrong_password", "The password is wrong.")
    const sealed = await store.admins.pendingTotp(session.adminId)
    if (!sealed) throw new HttpError(409, "totp_not_started", "Start the setup first.")
    const secret = totpSecrets.open(session.adminId, sealed)
    if (secret === null)
      throw new HttpError(
        409,
        "totp_not_started",
        "This setup can no longer be read on the server; start the setup again.",
      )
    const step = totpStep(secret, request.body.code, now())
    if (step === null)
      throw new HttpError(400, "invalid_totp", "Wrong code; check the time of your device.")
    const enabled = await store.accounts.enableTotp(
      session.adminId,
      sealed,
      totpSecrets.seal(session.adminId, secret),
      step,
      session.tokenHash,
      actorOf(request),
    )
    if (!enabled)
      throw new HttpError(409, "totp_not_started", "The setup changed meanwhile; start again.")
    return { totpEnabled: true }
  })

  route(app, endpoints.disableTotp, async (request, reply) => {
    const session = request.adminSession!
    if (mustSetUpTotp(adminRequire2fa, { role: session.role, totpEnabled: false })) {
      throw new HttpError(
        403,
        "totp_required_for_owners",
        "Owners must keep two-factor sign-in on.",
      )
    }
    const checked = await checkThrottled(request, reply, session.username, () =>
      passwordOf(session.username, request.body.password),
    )
    if (!checked) throw new HttpError(400, "wrong_password", "The password is wrong.")
    await store.admins.disableTotp(session.adminId)
    await store.audit.record(actorOf(request), { action: "totp_disabled" })
    return { totpEnabled: false }
  })
}
