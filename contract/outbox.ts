import { type Static, Type } from "@sinclair/typebox"
import { Id, Nullable, StringEnum } from "./text"

// The outbox's deliveries as the admin's deliveries panel shows them (server/routes/admin/outbox.ts).

export const OUTBOX_KINDS = [
  "notify",
  "ack",
  "webhook",
  "newsletter_confirm",
  "meeting_mail",
] as const
export type OutboxKind = (typeof OUTBOX_KINDS)[number]
export const OUTBOX_STATUSES = ["pending", "sent", "failed"] as const
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number]
export const WEBHOOK_FORMATS = ["standard", "slack", "teams"] as const
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number]

export const DeliveryIdParams = Type.Object({ id: Id() }, { additionalProperties: false })

/** A webhook by its position in WEBHOOK_URLS, from 0. */
export const WebhookParams = Type.Object(
  { index: Type.String({ pattern: "^(0|[1-9][0-9]{0,2})$" }) },
  { additionalProperties: false },
)

/** One mail or webhook call. For a webhook, `target` is only its label (a chat service's URL is its secret). */
export const Delivery = Type.Object({
  id: Type.String(),
  kind: StringEnum(OUTBOX_KINDS),
  messageId: Nullable(Type.String()),
  target: Nullable(Type.String()),
  status: StringEnum(OUTBOX_STATUSES),
  attempts: Type.Integer({ minimum: 0 }),
  nextAt: Type.String(),
  lastError: Nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
})
export type Delivery = Static<typeof Delivery>

const Count = Type.Integer({ minimum: 0 })
/** `GET /api/admin/outbox`: the deliveries that failed for good (the latest 50) and the counts by status. */
export const OutboxOverview = Type.Object({
  failed: Type.Array(Delivery),
  counts: Type.Object({ pending: Count, sent: Count, failed: Count }),
})
export type OutboxOverview = Static<typeof OutboxOverview>

export const RetryAnswer = Type.Object({ status: Type.Literal("pending") })

/** Each webhook of WEBHOOK_URLS with its latest deliveries. */
export const WebhookOverview = Type.Object({
  index: Type.Integer(),
  label: Type.String(),
  format: StringEnum(WEBHOOK_FORMATS),
  deliveries: Type.Array(Delivery),
})
export type WebhookOverview = Static<typeof WebhookOverview>
export const WebhooksAnswer = Type.Object({ webhooks: Type.Array(WebhookOverview) })

/** `POST /api/admin/webhooks/:index/test`: 202, the test event's delivery id. */
export const TestEventAnswer = Type.Object({ id: Type.String() })
