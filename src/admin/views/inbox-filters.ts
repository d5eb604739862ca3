import { MESSAGE_STATUSES, type MessageQuery, type MessageStatus } from "../client/admin-client"

export type InboxFilter = Required<Record<keyof MessageQuery, string>> & { page: number }

const isStatus = (value: string | null): value is MessageStatus =>
  MESSAGE_STATUSES.includes(value as MessageStatus)
/** The assignee filters the inbox offers: the signed-in account's messages, or nobody's. */
export const ASSIGNEE_FILTERS = ["me", "none"] as const
const isAssignee = (value: string | null) =>
  ASSIGNEE_FILTERS.includes(value as (typeof ASSIGNEE_FILTERS)[number])
const isDay = (value: string | null) => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value)

/** The inbox's filter lives in the URL, so that a reload, the back button and the return after login keep it. */
export function readInboxFilter(search: string): InboxFilter {
  const params = new URLSearchParams(search)
  const page = Number(params.get("page"))
  return {
    q: params.get("q") ?? "",
    status: isStatus(params.get("status")) ? params.get("status")! : "",
    from: isDay(params.get("from")) ? params.get("from")! : "",
    to: isDay(params.get("to")) ? params.get("to")! : "",
    assignee: isAssignee(params.get("assignee")) ? params.get("assignee")! : "",
    page: Number.isInteger(page) && page > 1 ? page : 1,
  }
}

export function inboxSearch(filter: InboxFilter): string {
  const params = new URLSearchParams()
  for (const key of ["q", "status", "from", "to", "assignee"] as const)
    if (filter[key].trim()) params.set(key, filter[key].trim())
  if (filter.page > 1) params.set("page", String(filter.page))
  const text = params.toString()
  return text ? `?${text}` : ""
}

/** The filter as the API takes it: the current view, without its page (CSV exports all of it). */
export function apiQuery(filter: InboxFilter): MessageQuery {
  return {
    q: filter.q.trim() || undefined,
    status: (filter.status || undefined) as MessageStatus | undefined,
    from: filter.from || undefined,
    to: filter.to || undefined,
    assignee: filter.assignee || undefined,
  }
}
