import type { FastifyInstance } from "fastify"
import type { Config } from "../config"
import type { Store } from "../store"
import type { Clock } from "../store/query-helpers"
import type { OutboxKind } from "../store/schema"
import type { RetryPolicy } from "./backoff"
import type { RecordDelivery, Sender } from "./delivery"
import { mailSenders } from "./mail-sender"
import type { MeetingMailStore } from "./meeting-mail-sender"
import { webhookSender } from "./webhook-sender"
import { createOutboxWorker, type OutboxWorker } from "./worker"

export type { OutboxWorker } from "./worker"
export type { RecordDelivery } from "./delivery"

export interface OutboxOptions {
  retry?: RetryPolicy
  pollMs?: number
  webhookTimeoutMs?: number
  recordDelivery?: RecordDelivery
  /** The meetings the "meeting_mail" deliveries are about; without it they wait, unsent. */
  meetings?: MeetingMailStore
}

/** Finished deliveries that belong to no message (tests, newsletter confirmations) are forgotten after this. */
const KEEP_FINISHED_MS = 30 * 86_400_000
const PURGE_EVERY_MS = 3_600_000

/**
 * The outbox worker of this process, started with the app and stopped before it closes. It
 * delivers the kinds this process can: mails with SMTP_URL, webhooks with WEBHOOK_URLS.
 */
export function setupOutbox(
  app: FastifyInstance,
  config: Config,
  store: Store,
  now: Clock,
  options: OutboxOptions = {},
): OutboxWorker {
  const senders: Partial<Record<OutboxKind, Sender>> = {}
  const meeting = options.meetings && { meetings: options.meetings, log: app.log, now }
  const mail = config.smtpUrl ? mailSenders(config, store, meeting) : null
  if (mail) Object.assign(senders, mail.senders)
  if (config.webhooks.length > 0)
    senders.webhook = webhookSender(config, store, now, options.webhookTimeoutMs)
  const worker = createOutboxWorker(store.outbox, senders, app.log, now, {
    leaseMs: config.outboxLeaseMs,
    retry: options.retry,
    pollMs: options.pollMs,
    recordDelivery: options.recordDelivery,
  })
  let purge: NodeJS.Timeout | null = null
  app.addHook("onReady", async () => {
    worker.start()
    purge = setInterval(() => {
      store.outbox
        .purgeFinished(now() - KEEP_FINISHED_MS)
        .catch((error) => app.log.warn({ err: error }, "outbox purge failed"))
    }, PURGE_EVERY_MS).unref()
  })
  app.addHook("preClose", async () => {
    if (purge) clearInterval(purge)
    await worker.stop()
    mail?.close()
  })
  return worker
}
