import type { FastifyBaseLogger } from "fastify"
import nodemailer from "nodemailer"
import type { Config } from "../config"
import { ackMail } from "../mail/ack-mail"
import { confirmationMail } from "../mail/newsletter-mail"
import { notificationMail } from "../mail/notification-mail"
import type { Store } from "../store"
import type { OutboxRow } from "../store/outbox"
import type { OutboxKind } from "../store/schema"
import { errorText, failed, retry, type Sender, sent } from "./delivery"
import { meetingMailSender, type MeetingMailStore } from "./meeting-mail-sender"

// Bounds on one send, well inside the outbox lease (60 s by default, renewed while a send
// lasts): nodemailer would otherwise wait 2 minutes to connect and 10 for an idle socket.
export const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 20_000,
}

type MailOptions = Parameters<nodemailer.Transporter["sendMail"]>[0]

export interface MailSenders {
  senders: Partial<Record<OutboxKind, Sender>>
  close(): void
}

/** What the meeting mails need beyond the store: their meetings (until the store has them) and a log. */
export interface MeetingMailWiring {
  meetings: MeetingMailStore
  log: FastifyBaseLogger
  now: () => number
}

/**
 * The mails of the outbox: the team's notification, the sender's acknowledgement, the
 * newsletter confirmation, and the meeting mails when `meeting` is given.
 */
export function mailSenders(
  config: Config,
  store: Store,
  meeting?: MeetingMailWiring,
): MailSenders {
  const transport = nodemailer.createTransport({ url: config.smtpUrl!, ...SMTP_TIMEOUTS })

  const send = async (mail: MailOptions) => {
    try {
      await transport.sendMail(mail)
      return sent()
    } catch (error) {
      // An SMTP 5xx answer is a refusal for good (unknown mailbox, rejected content); 4xx and
      // connection trouble pass.
      const code = (error as { responseCode?: number }).responseCode
      return code && code >= 500 && code < 600 ? failed(errorText(error)) : retry(errorText(error))
    }
  }

  const aboutMessage =
    (
      build: (
        message: NonNullable<Awaited<ReturnType<Store["messages"]["get"]>>>,
        row: OutboxRow,
      ) => MailOptions,
    ): Sender =>
    async (row) => {
      const message = row.message_id ? await store.messages.get(row.message_id) : null
      if (!message) return failed("the message was deleted")
      return send(build(message, row))
    }

  return {
    senders: {
      notify: aboutMessage((message, row) => notificationMail(message, config, row.id)),
      ack: aboutMessage((message, row) => ackMail(message, config, row.id)),
      // The link's token is minted now, for this attempt, and kept only hashed: the row holds
      // none, waiting, failed or sent (docs/SECURITY.md). The language is the subscription's latest.
      newsletter_confirm: async (row) => {
        const link = row.target ? await store.subscribers.mintMailToken(row.target) : null
        if (!link) return failed("the subscription no longer exists")
        return send(
          confirmationMail(
            { email: row.target!, language: link.language, token: link.token },
            config,
            row.id,
          ),
        )
      },
      ...(meeting && {
        meeting_mail: meetingMailSender({
          ...meeting,
          send,
          contentDir: config.contentDir,
          siteUrl: config.siteUrl,
          mailFrom: config.mailFrom,
          organizer: config.contactNotifyTo ?? config.mailFrom,
        }),
      }),
    },
    close: () => transport.close(),
  }
}
