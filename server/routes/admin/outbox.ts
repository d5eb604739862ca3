import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox"
import { endpoints } from "../../../contract/endpoints"
import type { Delivery } from "../../../contract/outbox"
import { parseWebhookEntry, type WebhookTarget } from "../../config/webhook-entry"
import type { Deps } from "../../deps"
import { HttpError } from "../../http-error"
import { route } from "../route"

const RECENT = 5
const FAILED_SHOWN = 50

/** A webhook as the admin shows it: a chat service's URL is its secret, so only the origin. */
export function webhookLabel(entry: string): string {
  const target = parseWebhookEntry(entry)
  if (!target) return "?"
  const url = new URL(target.url)
  const prefix = target.format === "standard" ? "" : `${target.format}: `
  return `${prefix}${url.origin}${url.pathname.length > 1 ? "/…" : ""}`
}

const shown = (delivery: Delivery): Delivery =>
  delivery.kind === "webhook" && delivery.target
    ? { ...delivery, target: webhookLabel(delivery.target) }
    : delivery

/** Deliveries of the outbox: those that failed for good (with a retry), and each webhook's latest. */
export const adminOutboxRoutes: FastifyPluginAsyncTypebox<
  Pick<Deps, "store" | "outbox" | "now"> & { webhooks: WebhookTarget[] }
> = async (app, { store, outbox, now, webhooks }) => {
  route(app, endpoints.getOutbox, async () => {
    const [failed, counts] = await Promise.all([
      store.outbox.list({ status: "failed" }, FAILED_SHOWN),
      store.outbox.countByStatus(),
    ])
    return { failed: failed.map(shown), counts }
  })

  route(app, endpoints.retryDelivery, async (request) => {
    const outcome = await store.outbox.retry(
      request.params.id,
      webhooks.map((webhook) => webhook.entry),
    )
    if (outcome === "not_found")
      throw new HttpError(404, "not_found", "No failed delivery has this id.")
    if (outcome === "not_configured")
      throw new HttpError(
        409,
        "webhook_not_configured",
        "This delivery's webhook is no longer in WEBHOOK_URLS: it is not sent again.",
      )
    outbox.wake()
    request.log.info(
      { deliveryId: request.params.id, admin: request.adminSession?.username },
      "failed delivery retried",
    )
    return { status: "pending" as const }
  })

  route(app, endpoints.listWebhooks, async () => ({
    webhooks: await Promise.all(
      webhooks.map(async (webhook, index) => ({
        index,
        label: webhookLabel(webhook.entry),
        format: webhook.format,
        deliveries: (
          await store.outbox.list({ kind: "webhook", target: webhook.entry }, RECENT)
        ).map(shown),
      })),
    ),
  }))

  route(app, endpoints.sendTestEvent, async (request, reply) => {
    const webhook = webhooks[Number(request.params.index)]
    if (!webhook)
      throw new HttpError(404, "not_found", "No webhook at this position in WEBHOOK_URLS.")
    const [id] = await store.outbox.enqueue([
      { kind: "webhook", target: webhook.entry, payload: { at: new Date(now()).toISOString() } },
    ])
    outbox.wake()
    return reply.code(202).send({ id })
  })
}
