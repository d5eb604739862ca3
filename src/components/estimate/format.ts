import type { Range } from "../../../content-kit/estimate/panel"
import type { Language } from "../../i18n/languages"

/** A price range in the card's currency, in the visitor's language: "1 200 € – 1 600 €". */
export function formatRange(language: Language, currency: string, range: Range, digits = 0) {
  const format = new Intl.NumberFormat(language, {
    style: "currency",
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  })
  return `${format.format(range.low)} – ${format.format(range.high)}`
}

/** A country's name in the visitor's language, from its ISO code (the rate card's markets). */
export function marketName(language: Language, code: string): string {
  return new Intl.DisplayNames([language], { type: "region" }).of(code) ?? code
}
