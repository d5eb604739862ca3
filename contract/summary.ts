import { type Static, Type } from "@sinclair/typebox"
import { MESSAGE_STATUSES, type MessageStatus } from "./message-status"

const Count = Type.Integer({ minimum: 0 })
const counts = Object.fromEntries([...MESSAGE_STATUSES, "total"].map((key) => [key, Count]))

/** The dashboard: messages by status and in all, subscribers, and messages per day over 30 days. */
export const Summary = Type.Object({
  messages: Type.Unsafe<Record<MessageStatus | "total", number>>(Type.Object(counts)),
  subscribers: Count,
  perDay: Type.Array(Type.Object({ date: Type.String(), count: Count })),
})
export type Summary = Static<typeof Summary>
