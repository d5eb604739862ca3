import { FormPostAnswers } from "../errors"
import { QuoteBody, QuoteCreated, QuoteRefused } from "../quote"
import { endpoint } from "./define"

/** The panel estimate page's "Send me this quote": a lead of kind quote (docs/ESTIMATES.md). */
export const quotesEndpoints = {
  requestQuote: endpoint({
    method: "POST",
    path: "/api/quote",
    summary:
      "Request the quote of a panel study: the server estimates it again from its rate card and files it as a lead",
    access: "public",
    body: QuoteBody,
    answers: { 201: QuoteCreated, 400: QuoteRefused, ...FormPostAnswers },
    formEncoded: true,
  }),
}
