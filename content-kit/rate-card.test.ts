import { createHash } from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { canonicalJson, rateCardVersion } from "./estimate/rate-card-version"
import { checkRateCard, rateCardErrors, rateCardFile } from "./rate-card"
import type { RateCard } from "./schema/rate-card"

const content = path.join(__dirname, "..", "content")
const realCard = (): RateCard =>
  JSON.parse(fs.readFileSync(path.join(content, rateCardFile), "utf8")) as RateCard

describe("the rate card's check", () => {
  it("accepts content/rate-card.json", () => {
    expect(fs.existsSync(path.join(content, rateCardFile))).toBe(true)
    expect(checkRateCard(content)).toEqual([])
  })

  it("refuses a malformed card, naming each field", () => {
    const card = realCard() as unknown as Record<string, unknown> & RateCard
    card.markets.AE.baseCpi = -4
    card.markets.uae = { baseCpi: 1, activePanel: 10 }
    card.lengthBands[0].multiplier = 0
    card.responseRate = 1.5
    delete (card as Partial<RateCard>).currency
    expect(rateCardErrors(card)).toEqual([
      "currency: is required",
      "markets.AE.baseCpi: must be more than 0",
      "markets.uae: is not a known market (written ^[A-Z]{2}$)",
      "lengthBands.0.multiplier: must be more than 0",
      "responseRate: must be at most 1",
    ])
  })

  it("refuses a criterion's share for a market the card does not offer", () => {
    const card = realCard()
    card.criteria.region.byMarket = { ...card.criteria.region.byMarket, ZZ: 0.3 }
    expect(rateCardErrors(card)).toEqual([
      `criteria.region.byMarket.ZZ: "ZZ" is not one of the card's markets`,
    ])
  })

  it("refuses two bands with the same bound", () => {
    const card = realCard()
    card.lengthBands.push({ upToMinutes: card.lengthBands[0].upToMinutes, multiplier: 3 })
    card.incidenceBands[1].fromPercent = card.incidenceBands[0].fromPercent
    expect(rateCardErrors(card)).toEqual([
      `lengthBands.${card.lengthBands.length - 1}.upToMinutes: 5 is already the bound of another band`,
      "incidenceBands.1.fromPercent: 50 is already the bound of another band",
    ])
  })

  it("reports a file that does not parse, and nothing when there is no card", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "rate-card-"))
    expect(checkRateCard(root)).toEqual([])
    fs.writeFileSync(path.join(root, rateCardFile), "{ not json")
    expect(checkRateCard(root)).toEqual([expect.stringMatching(/^rate-card\.json: malformed JSON/)])
    fs.rmSync(root, { recursive: true, force: true })
  })
})

describe("rateCardVersion", () => {
  it("is the first 12 hex digits of the SHA-256 of the card's canonical JSON", async () => {
    const card = realCard()
    const expected = createHash("sha256").update(canonicalJson(card)).digest("hex").slice(0, 12)
    expect(await rateCardVersion(card)).toBe(expected)
    expect(expected).toMatch(/^[0-9a-f]{12}$/)
  })

  it("does not depend on the order of the keys, and changes with any figure", async () => {
    const card = realCard()
    const reordered = Object.fromEntries(Object.entries(card).reverse()) as RateCard
    expect(await rateCardVersion(reordered)).toBe(await rateCardVersion(card))
    const changed = realCard()
    changed.markets.FR.baseCpi += 0.01
    expect(await rateCardVersion(changed)).not.toBe(await rateCardVersion(card))
    expect(canonicalJson({ b: [1, { d: null, c: "x" }], a: true })).toBe(
      '{"a":true,"b":[1,{"c":"x","d":null}]}',
    )
  })
})
