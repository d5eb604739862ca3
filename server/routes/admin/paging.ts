import type { MessageFilterParams } from "../../../contract/admin"
import { HttpError } from "../../http-error"
import type { MessageFilter } from "../../store/messages"

const DAY_MS = 86_400_000
const MAX_PAGE_SIZE = 100

export function paging(query: { page?: string; pageSize?: string }) {
  const page = Number(query.page ?? "1")
  const pageSize = Number(query.pageSize ?? "20")
  if (pageSize > MAX_PAGE_SIZE)
    throw new HttpError(400, "invalid_querystring", `pageSize must be at most ${MAX_PAGE_SIZE}.`)
  return { page, pageSize, offset: (page - 1) * pageSize, limit: pageSize }
}

function dayStart(value: string, name: string): number {
  const ms = Date.parse(`${value}T00:00:00Z`)
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value) {
    throw new HttpError(400, "invalid_querystring", `${name} must be a real date, YYYY-MM-DD.`)
  }
  return ms
}

/** The query's filter with its days turned into a half-open UTC range [from, to + 1 day). */
export function messageFilter(query: MessageFilterParams, adminId: string): MessageFilter {
  return {
    assigneeId:
      query.assignee === "me" ? adminId : query.assignee === "none" ? null : query.assignee,
    q: query.q?.trim() || undefined,
    status: query.status,
    fromMs: query.from ? dayStart(query.from, "from") : undefined,
    toMs: query.to ? dayStart(query.to, "to") + DAY_MS : undefined,
  }
}
