/**
 * @jest-environment node
 */
import { siteIcons } from "../../content-kit/icon-names"
import { iconSprite, iconSpriteFile } from "./icon-sprite"

describe("the icon sprite", () => {
  const sprite = iconSprite()

  it("has one symbol with lucide's shapes for every icon the site names", () => {
    const symbols = [
      ...sprite.matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24">(.*?)<\/symbol>/g),
    ]
    expect(symbols.map((match) => match[1]).sort()).toEqual(Object.keys(siteIcons).sort())
    for (const [, , shapes] of symbols)
      expect(shapes).toMatch(/^(<(path|circle|rect|line|polyline|polygon|ellipse) [^>]+><\/\2>)+$/)
  })

  it("leaves stroke and fill to the <svg> that uses it, so icons take the text colour", () => {
    expect(sprite).not.toMatch(/stroke=|fill=|class=/)
  })

  it("is named by its content, under /static/ (cached for a year)", () => {
    expect(iconSpriteFile().url).toMatch(/^\/static\/icons-[0-9a-f]{20}\.svg$/)
    expect(iconSpriteFile().markup).toBe(sprite)
  })
})
