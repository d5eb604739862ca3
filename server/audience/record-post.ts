import type { AudienceEventPayload } from "../../contract/audience-event"
import type { Store } from "../store"
import { dayOf } from "../store/audience/days"
import { visitSourceColumns } from "../store/lead-source-columns"
import type { AudienceEventsTable } from "../store/schema"
import { visitorKey } from "./visitor-key"

export function eventRow(
  event: AudienceEventPayload,
  at: number,
  visitor: string,
): AudienceEventsTable {
  const view = event.kind === "view" ? event : null
  return {
    at,
    day: dayOf(at),
    visitor,
    kind: event.kind,
    path: event.path,
    language: event.language,
    width: view?.width ?? null,
    ...visitSourceColumns(view),
    name: event.kind === "vital" || event.kind === "conversion" ? event.name : null,
    value:
      event.kind === "engagement" ? event.visibleMs : event.kind === "vital" ? event.value : null,
  }
}

/** One accepted post: who sent it (for the day's visitor key only) and its events. */
export interface EventPost {
  at: number
  address: string
  userAgent: string
  site: string
  events: AudienceEventPayload[]
}

/** Stores an accepted post's events under the day's visitor key (visitor-key.ts). */
export async function recordPost(store: Store, post: EventPost): Promise<void> {
  const salt = await store.audience.salts.forTime(post.at)
  const visitor = visitorKey(salt, post.address, post.userAgent, post.site)
  for (const event of post.events) store.audience.record(eventRow(event, post.at, visitor))
}
