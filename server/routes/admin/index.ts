import type { FastifyInstance } from "fastify"
import { refuseCrossSite, requireSession } from "../../auth/session-guard"
import type { Deps } from "../../deps"
import { adminAuthRoutes } from "./auth"
import { adminDataRightsRoutes } from "./data-rights"
import { adminMessagesRoutes } from "./messages"
import { adminSubscribersRoutes } from "./subscribers"
import { adminSummaryRoutes } from "./summary"

/** Everything under /api/admin: no cross-site request at all, and a session for all but login. */
export async function adminRoutes(app: FastifyInstance, deps: Deps) {
  app.decorateRequest("adminSession", null)
  app.addHook("onRequest", refuseCrossSite(deps.config))
  await app.register(adminAuthRoutes, deps)
  await app.register(async (guarded) => {
    guarded.addHook("preHandler", requireSession(deps.store))
    await guarded.register(adminMessagesRoutes, deps)
    await guarded.register(adminSubscribersRoutes, deps)
    await guarded.register(adminSummaryRoutes, deps)
    await guarded.register(adminDataRightsRoutes, deps)
  })
}
