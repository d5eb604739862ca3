import { type Kysely, sql } from "kysely"
import type { LeadSourceCounts } from "../../contract/team"
import type { Database } from "./schema"

export type { LeadSourceCounts }

/** The most frequent values listed; the rest are counted together, so a burst of odd values cannot bloat the answer. */
export const TOP_SOURCES = 20

/** Non-spam messages since `sinceMs` per source (utm_source, else referrer host) and per utm_campaign. */
export function leadSourcesRepository(db: Kysely<Database>) {
  const countBy = async (expression: ReturnType<typeof sql<string | null>>, sinceMs: number) => {
    const rows = await db
      .selectFrom("messages")
      .select([expression.as("name"), (eb) => eb.fn.countAll<number>().as("n")])
      .where("created_at", ">=", sinceMs)
      .where("status", "!=", "spam")
      .groupBy(expression)
      .execute()
    return rows
      .map((row) => ({ name: row.name, count: Number(row.n) }))
      .sort((a, b) => b.count - a.count || String(a.name).localeCompare(String(b.name)))
  }
  const top = (counts: LeadSourceCounts["bySource"]) => counts.slice(0, TOP_SOURCES)

  return {
    /**
     * Non-spam messages from `fromMs` to before `toMs` per source and utm_campaign: the Audience
     * funnel's leads ("" for none).
     */
    async bySourceAndCampaign(
      fromMs: number,
      toMs: number,
    ): Promise<{ source: string; campaign: string; count: number }[]> {
      const source = sql<string>`coalesce(utm_source, referrer_host, '')`
      const campaign = sql<string>`coalesce(utm_campaign, '')`
      const rows = await db
        .selectFrom("messages")
        .select([
          source.as("source"),
          campaign.as("campaign"),
          (eb) => eb.fn.countAll<number>().as("n"),
        ])
        .where("created_at", ">=", fromMs)
        .where("created_at", "<", toMs)
        .where("status", "!=", "spam")
        .groupBy([source, campaign])
        .execute()
      return rows.map((row) => ({
        source: row.source,
        campaign: row.campaign,
        count: Number(row.n),
      }))
    },
    async counts(sinceMs: number): Promise<LeadSourceCounts> {
      const [bySource, byCampaign] = await Promise.all([
        countBy(sql<string | null>`coalesce(utm_source, referrer_host)`, sinceMs),
        countBy(sql<string | null>`utm_campaign`, sinceMs),
      ])
      const sum = (counts: LeadSourceCounts["bySource"]) =>
        counts.reduce((total, c) => total + c.count, 0)
      return {
        total: sum(bySource),
        bySource: top(bySource),
        byCampaign: top(byCampaign),
        otherSources: sum(bySource.slice(TOP_SOURCES)),
        otherCampaigns: sum(byCampaign.slice(TOP_SOURCES)),
      }
    },
  }
}

export type LeadSourcesRepository = ReturnType<typeof leadSourcesRepository>
