// A quote request's figures: always the server's own, from its rate card (rate-card.ts). The
// body carries the study only; whatever the page showed, what is stored is computed here.
import { panelEstimate } from "../../content-kit/estimate/panel"
import type { PanelField } from "../../content-kit/estimate/panel-inputs"
import type { InputError } from "../../content-kit/estimate/result"
import type { PanelInputs, QuoteRecord } from "../../contract/quote"
import { loadRateCard } from "./rate-card"

/** The sentence of each refusal code (the page shows its own translation, `estimate.errors.<code>`). */
const REFUSALS: Partial<Record<InputError, string>> = {
  no_market: "Choose at least one market.",
  unknown_market: "A market is not one the rate card offers.",
  duplicate_market: "A market is named twice.",
  unknown_criterion: "A criterion is not one the rate card offers.",
  incidence_out_of_range: "The incidence is a percentage above 0 and up to 100.",
  incidence_below_card: "The incidence is below the lowest band the rate card estimates.",
  length_out_of_range: "The interview length is a number of minutes above 0.",
  length_above_card: "The interview is longer than the longest band the rate card estimates.",
  not_positive_integer: "A whole number above 0 is needed.",
}

export type Refused = Partial<Record<PanelField, { code: InputError; message: string }>>

export type QuoteFigures = { ok: true; quote: QuoteRecord } | { ok: false; fields: Refused }

/** The estimate of `inputs` with the card at `contentDir`, or each field the card refuses. */
export async function quoteFigures(inputs: PanelInputs, contentDir: string): Promise<QuoteFigures> {
  const { card, version } = await loadRateCard(contentDir)
  const result = panelEstimate(inputs, card)
  if (!result.ok)
    return {
      ok: false,
      fields: Object.fromEntries(
        Object.entries(result.errors).map(([field, code]) => [
          field,
          { code, message: REFUSALS[code] ?? "This value cannot be estimated." },
        ]),
      ),
    }
  return { ok: true, quote: { inputs, estimate: result.value, rateCardVersion: version } }
}
