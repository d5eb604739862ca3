import fs from "node:fs"
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox"
import { ErrorResponses } from "../../../contract/errors"
import { TranslationStatus } from "../../../contract/translations"
import { checkFreshness, freshnessCounts } from "../../../scripts/content/freshness"
import type { Deps } from "../../deps"
import { HttpError } from "../../http-error"

/**
 * The dashboard's translation status: per language, how many keys are missing, outdated
 * (French changed since the translation was made) or unused, read from content/ and its lock
 * on each request (a few milliseconds), so it follows edits without a restart.
 */
export const adminTranslationRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { config }) => {
  app.get(
    "/api/admin/translations",
    { schema: { response: { 200: TranslationStatus, ...ErrorResponses } } },
    async () => {
      if (!fs.existsSync(config.contentDir)) {
        throw new HttpError(
          404,
          "content_not_found",
          "The site's content folder is not next to this server (set CONTENT_DIR).",
        )
      }
      try {
        return { languages: freshnessCounts(checkFreshness(config.contentDir)) }
      } catch (error) {
        throw new HttpError(409, "lock_unreadable", (error as Error).message)
      }
    },
  )
}
