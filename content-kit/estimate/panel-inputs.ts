// What a panel estimate is asked, and how the question is checked against the rate card.
import type { RateCard } from "../schema/rate-card"
import { isPositiveCount, type Errors } from "./result"

export type PanelInputs = {
  /** market codes of the rate card, e.g. ["AE", "SA"] */
  markets: string[]
  /** criterion keys of the rate card; none is the general population */
  criteria?: string[]
  /** the share of the audience that qualifies, in percent (0-100] */
  incidence: number
  /** the interview length, in minutes */
  lengthMinutes: number
  /** the completes wanted in each market (every market gets the same number) */
  completesPerMarket: number
  quotas: boolean
  /** the days the client gives the field */
  fieldDays: number
}

export type PanelField =
  "markets" | "criteria" | "incidence" | "lengthMinutes" | "completesPerMarket" | "fieldDays"

/** The length band's multiplier: the shortest band that holds the interview. */
export function lengthMultiplier(card: RateCard, minutes: number): number | undefined {
  return [...card.lengthBands]
    .sort((one, other) => one.upToMinutes - other.upToMinutes)
    .find((band) => minutes <= band.upToMinutes)?.multiplier
}

/** The incidence band's multiplier: the highest band whose lower bound the incidence reaches. */
export function incidenceMultiplier(card: RateCard, incidence: number): number | undefined {
  return [...card.incidenceBands]
    .sort((one, other) => other.fromPercent - one.fromPercent)
    .find((band) => incidence >= band.fromPercent)?.multiplier
}

export function panelErrors(inputs: PanelInputs, card: RateCard): Errors<PanelField> {
  const { markets, criteria = [], incidence, lengthMinutes } = inputs
  const errors: Errors<PanelField> = {}
  if (markets.length === 0) errors.markets = "no_market"
  else if (markets.some((market) => !Object.hasOwn(card.markets, market)))
    errors.markets = "unknown_market"
  else if (new Set(markets).size < markets.length) errors.markets = "duplicate_market"
  if (criteria.some((criterion) => !Object.hasOwn(card.criteria, criterion)))
    errors.criteria = "unknown_criterion"
  if (!(Number.isFinite(incidence) && incidence > 0 && incidence <= 100))
    errors.incidence = "incidence_out_of_range"
  else if (incidenceMultiplier(card, incidence) === undefined)
    errors.incidence = "incidence_below_card"
  if (!(Number.isFinite(lengthMinutes) && lengthMinutes > 0))
    errors.lengthMinutes = "length_out_of_range"
  else if (lengthMultiplier(card, lengthMinutes) === undefined)
    errors.lengthMinutes = "length_above_card"
  for (const field of ["completesPerMarket", "fieldDays"] as const)
    if (!isPositiveCount(inputs[field])) errors[field] = "not_positive_integer"
  return errors
}
