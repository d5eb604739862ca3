// The rate card, content/rate-card.json: the figures the panel estimate is computed from
// (content-kit/estimate/panel.ts). Data, not copy: one file for every language. The content
// check validates it, docs/CONTENT-SCHEMA.md lists its fields, docs/ESTIMATES.md explains them.
import { Type, type Static } from "@sinclair/typebox"
import { keyNameKeyword, Shape, Text } from "./fields"

const Multiplier = (description: string) => Type.Number({ exclusiveMinimum: 0, description })
const Share = (description: string) => Type.Number({ exclusiveMinimum: 0, maximum: 1, description })

/** An ISO 3166-1 alpha-2 country code, the key of a market. */
export const marketPattern = "^[A-Z]{2}$"
/** A criterion's key, which the estimate page translates (`estimate.criteria.<key>`). */
export const criterionPattern = "^[a-z][a-z_]*$"

export const Market = Shape(
  {
    baseCpi: Type.Number({
      exclusiveMinimum: 0,
      description:
        "cost per complete for the general population, the shortest length band and the highest incidence band, in the card's currency",
    }),
    activePanel: Type.Integer({
      minimum: 1,
      description: "panel members active in this market (answered a survey recently)",
    }),
  },
  "one market: its rates and its panel",
)

export const Criterion = Shape(
  {
    factor: Share("the share of the panel that meets this criterion, 0-1 (0.5 keeps half)"),
    byMarket: Type.Optional(
      Type.Record(Type.String({ pattern: marketPattern }), Share("the share in that market"), {
        additionalProperties: false,
        [keyNameKeyword]: "market",
        description: "a different share in some markets, by market code",
      }),
    ),
  },
  "a targeting criterion and how much it narrows the panel",
)

export const RateCard = Shape(
  {
    placeholder: Type.Optional(
      Text(
        "while present, says the figures are examples: the go-live check lists it; delete it once the figures are the company's",
      ),
    ),
    currency: Type.String({
      pattern: "^[A-Z]{3}$",
      description: "the currency of every price, an ISO 4217 code (EUR)",
    }),
    markets: Type.Record(Type.String({ pattern: marketPattern }), Market, {
      minProperties: 1,
      additionalProperties: false,
      [keyNameKeyword]: "market",
      description: "the markets offered, by ISO country code (AE, SA, FR...)",
    }),
    lengthBands: Type.Array(
      Shape(
        {
          upToMinutes: Type.Integer({
            minimum: 1,
            description: "the longest interview of the band, in minutes",
          }),
          multiplier: Multiplier("the base CPI is multiplied by this (1 for the shortest)"),
        },
        "an interview length band",
      ),
      {
        minItems: 1,
        description:
          "interview length bands, shortest first; a longer interview than the last band is not estimated",
      },
    ),
    incidenceBands: Type.Array(
      Shape(
        {
          fromPercent: Type.Number({
            exclusiveMinimum: 0,
            maximum: 100,
            description: "the lowest incidence of the band, in percent",
          }),
          multiplier: Multiplier("the base CPI is multiplied by this (1 for the highest)"),
        },
        "an incidence band",
      ),
      {
        minItems: 1,
        description:
          "incidence bands, highest first; an incidence below the last band is not estimated",
      },
    ),
    criteria: Type.Record(Type.String({ pattern: criterionPattern }), Criterion, {
      additionalProperties: false,
      [keyNameKeyword]: "criterion",
      description: "the targeting criteria offered, by key (age_band, gender, region...)",
    }),
    responseRate: Share("the share of invited panel members who answer, 0-1"),
    dailyShare: Share(
      "the share of the eventual respondents who answer on each day of field, 0-1 (0.2: the panel is exhausted in 5 days)",
    ),
    tightAbove: Share(
      "above this share of what the panel can deliver, a study is tight rather than feasible, 0-1",
    ),
    quotaMultiplier: Type.Number({
      minimum: 1,
      description: "the CPI is multiplied by this when the study has quotas",
    }),
    projectMinimum: Type.Number({
      minimum: 0,
      description: "the lowest price of a project, in the card's currency",
    }),
    range: Type.Number({
      minimum: 0,
      exclusiveMaximum: 1,
      description: "the price range shown around the estimate, 0-1 (0.15: ±15 %)",
    }),
  },
  "the rate card, content/rate-card.json",
)
export type RateCard = Static<typeof RateCard>
