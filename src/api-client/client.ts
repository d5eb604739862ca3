import type { ContactPayload } from "../../contract/contact"
import type { NewsletterPayload, SubscribeStatus } from "../../contract/newsletter"

import { apiUrl } from "./api-url"

export { apiUrl }

async function postJson(path: string, body: unknown): Promise<Response> {
  return fetch(apiUrl(path), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  })
}

/** Sends a contact message; true when the server stored it. A network error is a failure. */
export async function sendContactMessage(payload: ContactPayload): Promise<boolean> {
  try {
    return (await postJson("/SendMessage", payload)).ok
  } catch {
    return false
  }
}

/**
 * "pending": the server asks the address to confirm by mail (double opt-in, when it can send
 * mail). The server answers 202 alike whether or not the address was already subscribed, so
 * that nobody can learn who is; the box cannot tell either.
 */
export type SubscribeResult = "subscribed" | "pending" | "error"

export async function subscribeToNewsletter(payload: NewsletterPayload): Promise<SubscribeResult> {
  try {
    const response = await postJson("/api/newsletter", payload)
    if (response.status !== 202) return "error"
    const body = (await response.json().catch(() => null)) as { status?: SubscribeStatus } | null
    return body?.status === "confirmation_sent" ? "pending" : "subscribed"
  } catch {
    return "error"
  }
}

/** What a newsletter link's page got when it posted the link's token. */
export type TokenResult = "done" | "unknown" | "error"

async function postToken(path: string, token: string): Promise<TokenResult> {
  try {
    const response = await postJson(path, { token })
    if (response.ok) return "done"
    return response.status === 404 ? "unknown" : "error"
  } catch {
    return "error"
  }
}

/** Confirms a newsletter subscription (double opt-in) with the token of the mailed link. */
export const confirmSubscription = (token: string) => postToken("/api/newsletter/confirm", token)

/** Unsubscribes the address holding the token of an unsubscribe link. */
export const unsubscribe = (token: string) => postToken("/api/newsletter/unsubscribe", token)
