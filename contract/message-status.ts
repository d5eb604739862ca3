export const MESSAGE_STATUSES = ["unread", "read", "replied", "archived", "spam"] as const
export type MessageStatus = (typeof MESSAGE_STATUSES)[number]

/** Why a message was filed as spam without anyone reading it (routes/contact.ts). */
export const SPAM_REASONS = ["honeypot", "too_fast"] as const
export type SpamReason = (typeof SPAM_REASONS)[number]
