// The rate card the server estimates with: <contentDir>/rate-card.json, the content the running
// server was deployed with (CONTENT_DIR), read again when the file changes. Its version is
// content-kit's fingerprint of its figures (rateCardVersion), the one the page shows: the same
// figures give the same version whichever release or commit carries them (docs/ESTIMATES.md).
import fs from "node:fs"
import path from "node:path"
import { rateCardVersion } from "../../content-kit/estimate/rate-card-version"
import { rateCardErrors, rateCardFile } from "../../content-kit/rate-card"
import type { RateCard } from "../../content-kit/schema/rate-card"

export type LoadedRateCard = { card: RateCard; version: string }

const loaded = new Map<string, { mtimeMs: number; size: number; card: Promise<LoadedRateCard> }>()

async function read(file: string): Promise<LoadedRateCard> {
  const card: unknown = JSON.parse(fs.readFileSync(file, "utf8"))
  const errors = rateCardErrors(card)
  if (errors.length > 0) throw new Error(`${file}: ${errors.join("; ")}`)
  return { card: card as RateCard, version: await rateCardVersion(card as RateCard) }
}

/** The checked card and its version; rejects when the file is missing or refused by the content check. */
export function loadRateCard(contentDir: string): Promise<LoadedRateCard> {
  const file = path.join(contentDir, rateCardFile)
  const { mtimeMs, size } = fs.statSync(file)
  const known = loaded.get(file)
  if (known && known.mtimeMs === mtimeMs && known.size === size) return known.card
  const card = read(file)
  loaded.set(file, { mtimeMs, size, card })
  card.catch(() => loaded.delete(file))
  return card
}
