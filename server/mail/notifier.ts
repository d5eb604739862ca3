import type { FastifyBaseLogger } from "fastify"
import nodemailer from "nodemailer"
import type { Config } from "../config"
import { recordDelivery } from "../metrics/registry"
import type { Message, MessagesRepository } from "../store/messages"
import type { Clock } from "../store/query-helpers"
import { notificationMail } from "./notification-mail"

const DEFAULT_RETRY_DELAYS_MS = [30_000, 2 * 60_000, 10 * 60_000, 60 * 60_000, 6 * 60 * 60_000]
const POLL_MS = 30_000
const BATCH = 20

export interface Notifier {
  start(): void
  /** Sends what is due now rather than at the next poll. */
  wake(): void
  stop(): Promise<void>
}

/**
 * Mails new messages to the team. The queue is the messages table itself: a message is
 * stored first and mailed after, so a mail failure or a crash delays the mail but never
 * loses the message, and a restarted process picks up what is still pending.
 */
export function createNotifier(
  config: Config,
  messages: MessagesRepository,
  log: FastifyBaseLogger,
  now: Clock,
  retryDelaysMs: number[] = DEFAULT_RETRY_DELAYS_MS,
): Notifier {
  const transport = nodemailer.createTransport(config.smtpUrl!)
  let timer: NodeJS.Timeout | null = null
  let running: Promise<void> | null = null
  let again = false
  let stopped = false

  async function deliver(message: Message & { attempts: number }) {
    try {
      await transport.sendMail(notificationMail(message, config))
      await messages.markNotified(message.id, "sent")
      recordDelivery("notification", "sent")
    } catch (error) {
      const last = message.attempts > retryDelaysMs.length
      recordDelivery("notification", last ? "failed" : "retry")
      log.warn({ err: error, messageId: message.id, attempt: message.attempts, willRetry: !last }, "notification mail failed")
      if (last) await messages.markNotified(message.id, "failed")
    }
  }

  async function drain() {
    do {
      again = false
      try {
        for (;;) {
          const batch = await messages.claimNotifications(BATCH, (attempts) => now() + retryDelaysMs[Math.min(attempts, retryDelaysMs.length) - 1])
          if (batch.length === 0) break
          await Promise.all(batch.map(deliver))
        }
      } catch (error) {
        log.error({ err: error }, "notification queue failed")
      }
    } while (again && !stopped)
    running = null
  }

  const wake = () => {
    if (stopped) return
    if (running) again = true
    else running = drain()
  }

  return {
    start() {
      timer = setInterval(wake, POLL_MS).unref()
      wake()
    },
    wake,
    async stop() {
      stopped = true
      if (timer) clearInterval(timer)
      await running
      transport.close()
    },
  }
}
