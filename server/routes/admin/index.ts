import type { FastifyInstance } from "fastify"
import type { CookieSecure } from "../../auth/cookies"
import { requireOwner, requireTotpWhenDue } from "../../auth/roles"
import { refuseCrossSite, requireSession } from "../../auth/session-guard"
import type { WebhookTarget } from "../../config/webhook-entry"
import type { Deps } from "../../deps"
import { named } from "../plugin-name"
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
  await app.register(named(adminAuthRoutes), deps)
  await app.register(named(adminTotpRoutes), deps)
  await app.register(
    named(async function signedInRoutes(guarded) {
      guarded.addHook("preHandler", requireSession(deps.store))
      guarded.addHook("preHandler", requireTotpWhenDue(deps.adminRequire2fa))
      await guarded.register(named(adminMessagesRoutes), deps)
      await guarded.register(named(adminMessageTeamRoutes), deps)
      await guarded.register(named(adminMeetingsRoutes), deps)
      await guarded.register(named(adminSummaryRoutes), deps)
      await guarded.register(named(adminLeadSourcesRoutes), deps)
      if (deps.analytics) await guarded.register(named(adminAudienceRoutes), deps)
      await guarded.register(named(adminUsersRoutes), deps)
      await guarded.register(named(adminTranslationRoutes), deps)
      await guarded.register(named(adminReleasesRoutes), deps)
      await guarded.register(
        named(async function ownerRoutes(owners) {
          owners.addHook("preHandler", requireOwner)
          await owners.register(named(adminSubscribersRoutes), deps)
          await owners.register(named(adminDataRightsRoutes), deps)
          await owners.register(named(adminOutboxRoutes), deps)
          await owners.register(named(adminMeetingOwnerRoutes), deps)
          await owners.register(named(adminReleaseActionsRoutes), deps)
        }),
      )
    }),
  )
}
