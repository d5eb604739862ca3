import type { FastifyInstance } from "fastify"
import type { Deps } from "../../app"
import { SourcesQuery, type SourcesParams } from "../../schemas/team"

const DAY_MS = 86_400_000

/** The dashboard's counts of non-spam messages per source and per campaign over the last 7, 30 or 90 days. */
export async function adminLeadSourcesRoutes(app: FastifyInstance, { store, now }: Deps) {
  app.get<{ Querystring: SourcesParams }>("/api/admin/sources", { schema: { querystring: SourcesQuery } }, async (request) => {
    const days = Number(request.query.days)
    return { days, ...(await store.leadSources.counts(now() - days * DAY_MS)) }
  })
}
