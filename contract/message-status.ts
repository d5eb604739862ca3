export const MESSAGE_STATUSES = ["unread", "read", "replied", "archived", "spam"] as const
export type MessageStatus = (typeof MESSAGE_STATUSES)[number]

/** Why a message was filed as spam without anyone reading it (routes/contact.ts). */
export const SPAM_REASONS = ["honeypot", "too_fast"] as const
export type SpamReason = (typeof SPAM_REASONS)[number]

/** What a lead in the inbox came from: the contact form, a booked meeting, a quote request. */
export const MESSAGE_KINDS = ["message", "meeting", "quote"] as const
export type MessageKind = (typeof MESSAGE_KINDS)[number]
