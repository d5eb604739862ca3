import fs from "node:fs"
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox"
import { checkFreshness, freshnessCounts } from "../../../content-kit/freshness"
import { endpoints } from "../../../contract/endpoints"
import { HttpError } from "../../http-error"
import { route } from "../route"

/**
 * The dashboard's translation status: per language, how many keys are missing, outdated
 * (French changed since the translation was made) or unused, read from content/ and its lock
 * on each request (a few milliseconds), so it follows edits without a restart.
 */
export const adminTranslationRoutes: FastifyPluginAsyncTypebox<{ contentDir: string }> = async (
  app,
  { contentDir },
) => {
  route(app, endpoints.getTranslationStatus, async () => {
    if (!fs.existsSync(contentDir)) {
      throw new HttpError(
        404,
        "content_not_found",
        "The site's content folder is not next to this server (set CONTENT_DIR).",
      )
    }
    try {
      return { languages: freshnessCounts(checkFreshness(contentDir)) }
    } catch (error) {
      throw new HttpError(409, "lock_unreadable", (error as Error).message)
    }
  })
}
