// What the calculators' fields hold: the text as typed (kept as typed in the URL), read as a
// number only when computing.
import type { Language } from "../../i18n/languages"

/**
 * "5", "5,5", "1 068" or "1068" as people type them: group spaces are dropped and a decimal
 * comma is a point. Nothing typed is undefined (an optional field left empty); anything else
 * that is not a plain number is NaN, which the calculators refuse with a message.
 */
export function readNumber(text: string): number | undefined {
  const plain = text.replace(/[\s\u00a0\u202f]/g, "").replace(",", ".")
  if (plain === "") return undefined
  return /^-?(\d+\.?\d*|\.\d+)$/.test(plain) ? Number(plain) : NaN
}

/** A percentage as typed, as the share the calculators take: "5" -> 0.05. */
export function readShare(text: string): number | undefined {
  const value = readNumber(text)
  return value === undefined ? undefined : value / 100
}

/** A required field: nothing typed is refused like junk. */
export const required = (value: number | undefined) => value ?? NaN

export function formatNumber(language: Language, value: number, maximumFractionDigits = 0) {
  return new Intl.NumberFormat(language, { maximumFractionDigits }).format(value)
}

/** A margin, always with its one decimal, so that a column of them lines up: "± 9,0". */
export function formatMargin(language: Language, points: number) {
  const digits = { minimumFractionDigits: 1, maximumFractionDigits: 1 }
  return `± ${new Intl.NumberFormat(language, digits).format(points)}`
}

/** A percentage with a fixed number of decimals: "4,9 %", "10,0 %", and "95 %" with none. */
export function formatPercent(language: Language, share: number, digits = 1) {
  const options = {
    style: "percent",
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  } as const
  return new Intl.NumberFormat(language, options).format(share)
}
