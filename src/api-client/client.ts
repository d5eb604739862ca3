import type { RouteRef } from "../../contract/endpoints/types"
import { apiUrl } from "./api-url"
import type { Answer, Body } from "./request"
import * as routes from "./routes/site"

export { apiUrl }

// The public site's calls: each posts JSON to its entry of the table of endpoints
// (contract/endpoints/), with the body that entry declares. A route is "POST /path"; the
// public pages split it here rather than import ./request, the admin's.

async function post<R extends RouteRef>(route: R, body: Body<R>): Promise<Response> {
  const [method, path] = route.split(" ")
  return fetch(apiUrl(path), {
    method,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  })
}

/** Where the contact form posts without JavaScript (server/routes/form-posts.ts). */
export const contactFormAction = apiUrl(routes.sendMessage.split(" ")[1])

/** Sends a contact message; true when the server stored it. A network error is a failure. */
export async function sendContactMessage(
  payload: Body<typeof routes.sendMessage>,
): Promise<boolean> {
  try {
    return (await post(routes.sendMessage, payload)).ok
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

export async function subscribeToNewsletter(
  payload: Body<typeof routes.subscribe>,
): Promise<SubscribeResult> {
  try {
    const response = await post(routes.subscribe, payload)
    if (response.status !== 202) return "error"
    const body = (await response.json().catch(() => null)) as Answer<typeof routes.subscribe> | null
    return body?.status === "confirmation_sent" ? "pending" : "subscribed"
  } catch {
    return "error"
  }
}

/** What a newsletter link's page got when it posted the link's token. */
export type TokenResult = "done" | "unknown" | "error"

async function postToken(
  route: typeof routes.confirmSubscription | typeof routes.unsubscribe,
  token: string,
): Promise<TokenResult> {
  try {
    const response = await post(route, { token })
    if (response.ok) return "done"
    return response.status === 404 ? "unknown" : "error"
  } catch {
    return "error"
  }
}

/** Confirms a newsletter subscription (double opt-in) with the token of the mailed link. */
export const confirmSubscription = (token: string) => postToken(routes.confirmSubscription, token)

/** Unsubscribes the address holding the token of an unsubscribe link. */
export const unsubscribe = (token: string) => postToken(routes.unsubscribe, token)
