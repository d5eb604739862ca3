import type { FastifyInstance } from "fastify"
import type { CookieSecure } from "../../auth/cookies"
import { requireOwner, requireTotpWhenDue } from "../../auth/roles"
import { refuseCrossSite, requireSession } from "../../auth/session-guard"
import type { WebhookTarget } from "../../config/webhook-entry"
import type { Deps } from "../../deps"
import { adminAudienceRoutes } from "./audience"
import { adminAuthRoutes } from "./auth"
import { adminDataRightsRoutes } from "./data-rights"
import { adminLeadSourcesRoutes } from "./lead-sources"
import { adminMeetingOwnerRoutes, adminMeetingsRoutes } from "./meetings"
import { adminMessageTeamRoutes } from "./message-team"
import { adminMessagesRoutes } from "./messages"
import { adminOutboxRoutes } from "./outbox"
import { adminReleaseActionsRoutes, adminReleasesRoutes } from "./releases"
import { adminSubscribersRoutes } from "./subscribers"
import { adminSummaryRoutes } from "./summary"
import { adminTotpRoutes } from "./totp"
import { adminTranslationRoutes } from "./translations"
import { adminUsersRoutes } from "./users"

/** The settings the admin's routes read: each route plugin names its own. */
export interface AdminSettings {
  siteUrl: string
  cookieSecure: CookieSecure
  adminRequire2fa: boolean
  analytics: boolean
  analyticsEventDays: number
  webhooks: WebhookTarget[]
  contentDir: string
  releasesDir: string
}

export type AdminRoutesOptions = Deps & AdminSettings

/**
 * Everything under /api/admin: no cross-site request at all, and a session for all but login.
 * Members work the inbox; owners also manage accounts, subscribers and personal data and
 * read the audit log. With ADMIN_REQUIRE_2FA, an owner without TOTP reaches only the
 * session, password and TOTP routes until it is on.
 */
export async function adminRoutes(app: FastifyInstance, deps: AdminRoutesOptions) {
  app.decorateRequest("adminSession", null)
  // Personal data and session state: no browser or proxy cache may keep a copy, errors included.
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("cache-control", "no-store")
  })
  app.addHook("onRequest", refuseCrossSite(deps.siteUrl))
  await app.register(adminAuthRoutes, deps)
  await app.register(adminTotpRoutes, deps)
  await app.register(async (guarded) => {
    guarded.addHook("preHandler", requireSession(deps.store))
    guarded.addHook("preHandler", requireTotpWhenDue(deps.adminRequire2fa))
    await guarded.register(adminMessagesRoutes, deps)
    await guarded.register(adminMessageTeamRoutes, deps)
    await guarded.register(adminMeetingsRoutes, deps)
    await guarded.register(adminSummaryRoutes, deps)
    await guarded.register(adminLeadSourcesRoutes, deps)
    if (deps.analytics) await guarded.register(adminAudienceRoutes, deps)
    await guarded.register(adminUsersRoutes, deps)
    await guarded.register(adminTranslationRoutes, deps)
    await guarded.register(adminReleasesRoutes, deps)
    await guarded.register(async (owners) => {
      owners.addHook("preHandler", requireOwner)
      await owners.register(adminSubscribersRoutes, deps)
      await owners.register(adminDataRightsRoutes, deps)
      await owners.register(adminOutboxRoutes, deps)
      await owners.register(adminMeetingOwnerRoutes, deps)
      await owners.register(adminReleaseActionsRoutes, deps)
    })
  })
}
