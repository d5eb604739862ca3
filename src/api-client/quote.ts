import type { QuotePayload } from "../../contract/quote"
import { apiUrl } from "./api-url"
import { requestQuote as route } from "./routes/quotes"

// The estimate page's call (contract/endpoints/quotes.ts). Loaded with that page only.

const path = route.split(" ")[1]

/** Where the estimate page's form posts without JavaScript (server/routes/quote.ts). */
export const quoteFormAction = apiUrl(path)

/** What a quote request came to: refused fields carry the estimate's codes (`estimate.errors.<code>`). */
export type QuoteOutcome =
  | { kind: "sent" }
  | { kind: "refused"; fields: Record<string, string> }
  | { kind: "invalid" | "failed" }

export async function sendQuoteRequest(body: QuotePayload): Promise<QuoteOutcome> {
  try {
    const response = await fetch(quoteFormAction, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    })
    if (response.ok) return { kind: "sent" }
    if (response.status === 429 || response.status >= 500) return { kind: "failed" }
    const answer = (await response.json().catch(() => ({}))) as {
      fields?: Record<string, { code: string }>
    }
    if (!answer.fields) return { kind: "invalid" }
    const fields = Object.fromEntries(
      Object.entries(answer.fields).map(([field, { code }]) => [field, code]),
    )
    return { kind: "refused", fields }
  } catch {
    return { kind: "failed" }
  }
}
