import type { Store } from "../store"
import { aggregate } from "./aggregate"

/**
 * Rolls up every finished day that has raw events and no rollup yet, a day at a time: its
 * events counted by the audience's rules (aggregate.ts), written with the day's marker in one
 * transaction by the store. Answers how many days were rolled up.
 */
export async function rollUpAudience({ audience }: Pick<Store, "audience">): Promise<number> {
  const days = await audience.daysToRollUp()
  for (const day of days)
    await audience.writeRollup(day, aggregate(await audience.eventsOf(day, day)))
  return days.length
}
