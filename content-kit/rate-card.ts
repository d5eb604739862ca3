// content/rate-card.json: read and checked by the content check, which hands its errors on;
// the estimate's maths (content-kit/estimate/) never reads a file.
import fs from "node:fs"
import path from "node:path"
import { RateCard } from "./schema/rate-card"
import { schemaErrors } from "./schema-errors"

/** Where the rate card is, relative to content/. */
export const rateCardFile = "rate-card.json"

/** Two bands with the same bound would leave it unclear which multiplier applies. */
function bandErrors(card: RateCard): string[] {
  const repeated = (list: string, bounds: number[], name: string) =>
    bounds.flatMap((bound, index) =>
      bounds.indexOf(bound) < index
        ? [`${list}.${index}.${name}: ${bound} is already the bound of another band`]
        : [],
    )
  return [
    ...repeated(
      "lengthBands",
      card.lengthBands.map((band) => band.upToMinutes),
      "upToMinutes",
    ),
    ...repeated(
      "incidenceBands",
      card.incidenceBands.map((band) => band.fromPercent),
      "fromPercent",
    ),
  ]
}

/** What the schema cannot say: a market named in a criterion must be one of the card's. */
function marketErrors(card: RateCard): string[] {
  return Object.entries(card.criteria).flatMap(([key, criterion]) =>
    Object.keys(criterion.byMarket ?? {})
      .filter((market) => !Object.hasOwn(card.markets, market))
      .map(
        (market) =>
          `criteria.${key}.byMarket.${market}: "${market}" is not one of the card's markets`,
      ),
  )
}

/** Every error of a rate card, as "field: message". */
export function rateCardErrors(card: unknown): string[] {
  const found = schemaErrors(RateCard, card)
  return found.length > 0
    ? found
    : [...bandErrors(card as RateCard), ...marketErrors(card as RateCard)]
}

/** The errors of content/rate-card.json, each prefixed with the file; none when there is none. */
export function checkRateCard(root: string): string[] {
  const file = path.join(root, rateCardFile)
  if (!fs.existsSync(file)) return []
  let card: unknown
  try {
    card = JSON.parse(fs.readFileSync(file, "utf8"))
  } catch (error) {
    return [`${rateCardFile}: malformed JSON (${(error as Error).message})`]
  }
  return rateCardErrors(card).map((error) => `${rateCardFile}: ${error}`)
}
