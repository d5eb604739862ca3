import { Type } from "@sinclair/typebox"

export const DeliveryIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64, pattern: "^[A-Za-z0-9_-]+$" }) }, { additionalProperties: false })

/** A webhook by its position in WEBHOOK_URLS, from 0. */
export const WebhookParams = Type.Object({ index: Type.String({ pattern: "^(0|[1-9][0-9]{0,2})$" }) }, { additionalProperties: false })
