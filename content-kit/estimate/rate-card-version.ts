// Which rate card an estimate was computed with: a stored quote records it, so that a quote
// can be told apart from one computed with other figures after the card changes.
import type { RateCard } from "../schema/rate-card"

/** JSON with every object's keys sorted: the same card, however its file is laid out. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`
  if (value && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map(
        (key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`,
      )
      .join(",")}}`
  return JSON.stringify(value)
}

/**
 * The first 12 hex digits of the SHA-256 of the card's canonical JSON. Web Crypto, so that
 * the page and the server compute it alike with no dependency (hence a promise).
 */
export async function rateCardVersion(card: RateCard): Promise<string> {
  const bytes = new TextEncoder().encode(canonicalJson(card))
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest("SHA-256", bytes))
  return [...digest.slice(0, 6)].map((byte) => byte.toString(16).padStart(2, "0")).join("")
}
