/** The mail's Message-ID: the outbox delivery id, so a resent mail is recognisably the same one. */
export const messageIdHeader = (deliveryId: string, siteUrl: string) =>
  `<${deliveryId}@${new URL(siteUrl).hostname}>`
