import {
  DeliveryIdParams,
  OutboxOverview,
  RetryAnswer,
  TestEventAnswer,
  WebhookParams,
  WebhooksAnswer,
} from "../outbox"
import { endpoint } from "./define"

/** The outbox's deliveries (mails, webhooks): owners only. */
export const adminOutboxEndpoints = {
  getOutbox: endpoint({
    method: "GET",
    path: "/api/admin/outbox",
    summary: "The deliveries that failed for good (the latest 50) and the counts by status",
    access: "owner",
    answers: { 200: OutboxOverview },
  }),
  retryDelivery: endpoint({
    method: "POST",
    path: "/api/admin/outbox/:id/retry",
    summary: "Give a failed delivery a fresh set of attempts, due now",
    access: "owner",
    params: DeliveryIdParams,
    answers: { 200: RetryAnswer },
  }),
  listWebhooks: endpoint({
    method: "GET",
    path: "/api/admin/webhooks",
    summary: "Each webhook of WEBHOOK_URLS with its latest deliveries",
    access: "owner",
    answers: { 200: WebhooksAnswer },
  }),
  sendTestEvent: endpoint({
    method: "POST",
    path: "/api/admin/webhooks/:index/test",
    summary: "Queue a webhook.test event to one webhook",
    access: "owner",
    params: WebhookParams,
    answers: { 202: TestEventAnswer },
  }),
}
