// The indicative estimate of a panel study from the rate card (content/rate-card.json): can
// the panel deliver it, at what price, in how many days. docs/ESTIMATES.md says it in words.
import type { RateCard } from "../schema/rate-card"
import {
  incidenceMultiplier,
  lengthMultiplier,
  panelErrors,
  type PanelField,
  type PanelInputs,
} from "./panel-inputs"
import { resultOf, type Result } from "./result"

export type Verdict = "feasible" | "tight" | "not_feasible"
export type Range = { low: number; high: number }

/** What would make a study feasible; only given when it is not. */
export type Suggestions = {
  /** the most completes that are feasible within the field days asked */
  maxCompletes?: number
  /** the field days that make the completes feasible, when more days can */
  fieldDays?: number
  /** the narrowest criterion, and what the study becomes without it */
  dropCriterion?: { criterion: string; verdict: Verdict }
}

export type MarketEstimate = {
  market: string
  verdict: Verdict
  /** panel members meeting the criteria */
  reachable: number
  /** the completes the panel can deliver in the field days asked */
  capacity: number
  cpi: Range
  price: Range
  /** null when the panel cannot deliver the completes however long the field */
  daysInField: number | null
  suggestions: Suggestions
}

export type PanelEstimate = {
  currency: string
  markets: MarketEstimate[]
  total: {
    verdict: Verdict
    completes: number
    price: Range
    /** the project minimum raised the price */
    minimumApplied: boolean
    daysInField: number | null
    suggestions: Omit<Suggestions, "maxCompletes"> & { maxCompletesPerMarket?: number }
  }
}

const verdicts: Verdict[] = ["feasible", "tight", "not_feasible"]
const worst = (found: Verdict[]) => verdicts[Math.max(...found.map((v) => verdicts.indexOf(v)))]
// toPrecision(12) drops floating-point dust first: 12.5 × 1.15 is 14.374999..., and is 14.38.
const undusted = (amount: number) => Number(amount.toPrecision(12))
const cents = (amount: number) => Math.round(undusted(amount) * 100) / 100
const units = (amount: number) => Math.round(undusted(amount))
// Floating-point dust must not turn an exact 5 days into 6, nor 0.8 × 2,000 into 1,599.
const DUST = 1e-9
const ceil = (value: number) => Math.ceil(value - DUST)
const floor = (value: number) => Math.floor(value + DUST)
const atMost = (wanted: number, limit: number) => wanted <= limit + DUST

const factorOf = (card: RateCard, criterion: string, market: string) =>
  card.criteria[criterion].byMarket?.[market] ?? card.criteria[criterion].factor

/** The criterion that keeps the smallest share of the panel (in a market, or by default). */
function narrowest(card: RateCard, criteria: string[], market?: string): string | undefined {
  const share = (criterion: string) =>
    market ? factorOf(card, criterion, market) : card.criteria[criterion].factor
  return [...criteria].sort((one, other) => share(one) - share(other))[0]
}

/**
 * The panel's delivery in a market. The eventual completes are the reachable members (the
 * active panel × each criterion's factor) × the incidence × the response rate; a share of
 * them (dailyShare) comes in each day, so a field of F days delivers min(eventual,
 * eventual × dailyShare × F). Asking more than tightAbove of that is tight, more than all of
 * it not feasible.
 */
function delivery(card: RateCard, inputs: PanelInputs, market: string, criteria: string[]) {
  const reachable = criteria.reduce(
    (members, criterion) => members * factorOf(card, criterion, market),
    card.markets[market].activePanel,
  )
  const eventual = reachable * (inputs.incidence / 100) * card.responseRate
  const perDay = eventual * card.dailyShare
  const capacity = Math.min(eventual, perDay * inputs.fieldDays)
  const wanted = inputs.completesPerMarket
  const verdict: Verdict = atMost(wanted, card.tightAbove * capacity)
    ? "feasible"
    : atMost(wanted, capacity)
      ? "tight"
      : "not_feasible"
  return { reachable, eventual, perDay, capacity, verdict }
}

function suggestionsFor(
  card: RateCard,
  inputs: PanelInputs,
  market: string,
  criteria: string[],
): Suggestions {
  const { eventual, perDay, capacity } = delivery(card, inputs, market, criteria)
  const wanted = inputs.completesPerMarket
  const suggestions: Suggestions = {}
  const maxCompletes = floor(card.tightAbove * capacity)
  if (maxCompletes >= 1) suggestions.maxCompletes = maxCompletes
  if (atMost(wanted, card.tightAbove * eventual))
    suggestions.fieldDays = ceil(wanted / (card.tightAbove * perDay))
  const criterion = narrowest(card, criteria, market)
  if (criterion) {
    const wider = criteria.filter((kept) => kept !== criterion)
    suggestions.dropCriterion = {
      criterion,
      verdict: delivery(card, inputs, market, wider).verdict,
    }
  }
  return suggestions
}

/**
 * CPI = base CPI × length band multiplier × incidence band multiplier × (quotas ? quota
 * multiplier : 1), shown as a range of ± `range`; the price of a market is its CPI × its
 * completes, and the total price never goes below the project minimum.
 */
function marketEstimate(card: RateCard, inputs: PanelInputs, market: string): MarketEstimate {
  const criteria = [...new Set(inputs.criteria ?? [])]
  const { reachable, eventual, perDay, capacity, verdict } = delivery(
    card,
    inputs,
    market,
    criteria,
  )
  const cpi =
    card.markets[market].baseCpi *
    lengthMultiplier(card, inputs.lengthMinutes)! *
    incidenceMultiplier(card, inputs.incidence)! *
    (inputs.quotas ? card.quotaMultiplier : 1)
  const price = cpi * inputs.completesPerMarket
  const around = (amount: number, round: (value: number) => number) => ({
    low: round(amount * (1 - card.range)),
    high: round(amount * (1 + card.range)),
  })
  const wanted = inputs.completesPerMarket
  return {
    market,
    verdict,
    reachable: floor(reachable),
    capacity: floor(capacity),
    cpi: around(cpi, cents),
    price: around(price, units),
    daysInField: atMost(wanted, eventual) ? Math.max(1, ceil(wanted / perDay)) : null,
    suggestions: verdict === "feasible" ? {} : suggestionsFor(card, inputs, market, criteria),
  }
}

function estimate(inputs: PanelInputs, card: RateCard): PanelEstimate {
  const markets = inputs.markets.map((market) => marketEstimate(card, inputs, market))
  const verdict = worst(markets.map((market) => market.verdict))
  const sum = (pick: (market: MarketEstimate) => number) =>
    markets.reduce((total, market) => total + pick(market), 0)
  const low = sum((market) => market.price.low)
  const high = sum((market) => market.price.high)
  const days = markets.map((market) => market.daysInField)
  const suggestions: PanelEstimate["total"]["suggestions"] = {}
  if (verdict !== "feasible") {
    const perMarket = markets.map((market) =>
      market.verdict === "feasible" ? Infinity : (market.suggestions.maxCompletes ?? 0),
    )
    if (Math.min(...perMarket) >= 1) suggestions.maxCompletesPerMarket = Math.min(...perMarket)
    const needed = markets.map((market) =>
      market.verdict === "feasible" ? inputs.fieldDays : market.suggestions.fieldDays,
    )
    if (needed.every((value) => value !== undefined))
      suggestions.fieldDays = Math.max(...(needed as number[]))
    const criterion = narrowest(card, [...new Set(inputs.criteria ?? [])])
    if (criterion) {
      const wider = { ...inputs, criteria: inputs.criteria!.filter((kept) => kept !== criterion) }
      suggestions.dropCriterion = { criterion, verdict: estimate(wider, card).total.verdict }
    }
  }
  return {
    currency: card.currency,
    markets,
    total: {
      verdict,
      completes: inputs.completesPerMarket * markets.length,
      price: { low: Math.max(card.projectMinimum, low), high: Math.max(card.projectMinimum, high) },
      minimumApplied: low < card.projectMinimum,
      daysInField: days.includes(null) ? null : Math.max(...(days as number[])),
      suggestions,
    },
  }
}

/** The estimate of a study, or the inputs the rate card cannot estimate. Indicative only. */
export function panelEstimate(
  inputs: PanelInputs,
  card: RateCard,
): Result<PanelEstimate, PanelField> {
  return resultOf(panelErrors(inputs, card), () => estimate(inputs, card))
}
