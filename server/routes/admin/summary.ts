import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox"
import { endpoints } from "../../../contract/endpoints"
import type { Deps } from "../../deps"
import { route } from "../route"

const DAY_MS = 86_400_000
const DAYS = 30

export const adminSummaryRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { store, now }) => {
  route(app, endpoints.getSummary, async () => {
    const today = Math.floor(now() / DAY_MS)
    const firstDay = today - DAYS + 1
    const [byStatus, subscribers, perDay] = await Promise.all([
      store.messages.countByStatus(),
      store.subscribers.count(),
      store.messages.perDay(firstDay * DAY_MS),
    ])
    const counts = new Map(perDay.map((d) => [d.day, d.count]))
    return {
      messages: { ...byStatus, total: Object.values(byStatus).reduce((sum, n) => sum + n, 0) },
      subscribers,
      perDay: Array.from({ length: DAYS }, (_, i) => ({
        date: new Date((firstDay + i) * DAY_MS).toISOString().slice(0, 10),
        count: counts.get(firstDay + i) ?? 0,
      })),
    }
  })
}
