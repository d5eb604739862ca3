import { type Static, Type } from "@sinclair/typebox"
import { SenderFields, VisitFields } from "./contact"
import { StringEnum } from "./text"

// A quote request (issue 50): the panel study the visitor estimated, and who to send the quote
// to. The body holds the study's inputs only, never figures: the server computes the estimate
// again with its own rate card (server/quotes/), so a browser cannot name its price.

/** The study, as content-kit/estimate/panel-inputs.ts's PanelInputs. Ranges are the estimate's to check, field by field. */
export const PanelInputsFields = {
  /** Market codes of the rate card. */
  markets: Type.Array(Type.String({ maxLength: 8 }), { maxItems: 50 }),
  /** Criterion keys of the rate card; none is the general population. */
  criteria: Type.Optional(Type.Array(Type.String({ maxLength: 60 }), { maxItems: 20 })),
  /** The qualifying share of the audience, in percent. */
  incidence: Type.Number(),
  lengthMinutes: Type.Number(),
  completesPerMarket: Type.Number(),
  quotas: Type.Optional(Type.Boolean()),
  fieldDays: Type.Number(),
}
export const PanelInputs = Type.Object(
  { ...PanelInputsFields, quotas: Type.Boolean() },
  { additionalProperties: false },
)
export type PanelInputs = Static<typeof PanelInputs>

/** The body of `POST /api/quote`: the study, then the contact form's own fields. */
export const QuoteBody = Type.Object(
  {
    ...PanelInputsFields,
    ...SenderFields,
    ...VisitFields,
  },
  { additionalProperties: false },
)
export type QuotePayload = Static<typeof QuoteBody>

export const QuoteCreated = Type.Object({ id: Type.String() })

/**
 * 400: a body the schema refuses (`invalid_body`), or a study the rate card cannot estimate
 * (`invalid_estimate`), then with each refused field, its code and a sentence.
 */
export const QuoteRefused = Type.Object({
  error: Type.String(),
  message: Type.String(),
  /** By field: markets, criteria, incidence, lengthMinutes, completesPerMarket, fieldDays. */
  fields: Type.Optional(
    Type.Record(Type.String(), Type.Object({ code: Type.String(), message: Type.String() })),
  ),
})

const Verdict = StringEnum(["feasible", "tight", "not_feasible"] as const)
const Range = Type.Object({ low: Type.Number(), high: Type.Number() })
const DropCriterion = Type.Object({ criterion: Type.String(), verdict: Verdict })

/** The estimate, as content-kit/estimate/panel.ts's PanelEstimate. */
export const PanelEstimate = Type.Object({
  currency: Type.String(),
  markets: Type.Array(
    Type.Object({
      market: Type.String(),
      verdict: Verdict,
      reachable: Type.Number(),
      capacity: Type.Number(),
      cpi: Range,
      price: Range,
      daysInField: Type.Union([Type.Number(), Type.Null()]),
      suggestions: Type.Object({
        maxCompletes: Type.Optional(Type.Number()),
        fieldDays: Type.Optional(Type.Number()),
        dropCriterion: Type.Optional(DropCriterion),
      }),
    }),
  ),
  total: Type.Object({
    verdict: Verdict,
    completes: Type.Number(),
    price: Range,
    minimumApplied: Type.Boolean(),
    daysInField: Type.Union([Type.Number(), Type.Null()]),
    suggestions: Type.Object({
      maxCompletesPerMarket: Type.Optional(Type.Number()),
      fieldDays: Type.Optional(Type.Number()),
      dropCriterion: Type.Optional(DropCriterion),
    }),
  }),
})

/** What a lead of kind "quote" records: the study, its estimate, and the rate card's version. */
export const QuoteRecord = Type.Object({
  inputs: PanelInputs,
  estimate: PanelEstimate,
  /** content-kit/estimate/rate-card-version.ts: the fingerprint of the card's figures. */
  rateCardVersion: Type.String(),
})
export type QuoteRecord = Static<typeof QuoteRecord>
