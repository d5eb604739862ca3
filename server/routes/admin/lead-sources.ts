import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox"
import { endpoints } from "../../../contract/endpoints"
import type { Deps } from "../../deps"
import { route } from "../route"

const DAY_MS = 86_400_000

/** The dashboard's counts of non-spam messages per source and per campaign over the last 7, 30 or 90 days. */
export const adminLeadSourcesRoutes: FastifyPluginAsyncTypebox<Deps> = async (
  app,
  { store, now },
) => {
  route(app, endpoints.getSourceCounts, async (request) => {
    const days = Number(request.query.days)
    return { days, ...(await store.leadSources.counts(now() - days * DAY_MS)) }
  })
}
