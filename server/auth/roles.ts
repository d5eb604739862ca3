import type { FastifyRequest } from "fastify"
import { HttpError } from "../http-error"
import type { Actor } from "../store/audit"

/** preHandler after requireSession: owners only (users, audit log, deletions, subscribers, personal data). */
export const requireOwner = async (request: FastifyRequest) => {
  if (request.adminSession?.role !== "owner")
    throw new HttpError(403, "forbidden", "Only an owner may do this.")
}

/** True while ADMIN_REQUIRE_2FA keeps an owner without TOTP to the sign-out, password and TOTP routes. */
export const mustSetUpTotp = (
  adminRequire2fa: boolean,
  session: { role: string; totpEnabled: boolean },
) => adminRequire2fa && session.role === "owner" && !session.totpEnabled

export const requireTotpWhenDue = (adminRequire2fa: boolean) => async (request: FastifyRequest) => {
  if (request.adminSession && mustSetUpTotp(adminRequire2fa, request.adminSession)) {
    throw new HttpError(403, "totp_setup_required", "Owners must turn on two-factor sign-in first.")
  }
}

/** The signed-in account and its address, for the audit log. */
export const actorOf = (request: FastifyRequest): Actor => ({
  username: request.adminSession!.username,
  ip: request.ip,
})
