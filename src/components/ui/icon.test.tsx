import { render } from "@testing-library/react"
import React from "react"
import { contentIcons, siteIcons, uiIcons } from "../../../content-kit/icon-names"
import { Icon } from "./icon"

describe("Icon", () => {
  it("draws a known icon from the sprite, hidden from assistive technology", () => {
    const { container } = render(<Icon name="sparkles" className="size-5" />)
    const svg = container.querySelector("svg")
    expect(svg?.getAttribute("aria-hidden")).toBe("true")
    expect(svg?.getAttribute("class")).toBe("size-5")
    expect(svg?.getAttribute("stroke")).toBe("currentColor")
    expect(container.querySelector("use")?.getAttribute("href")).toBe("/static/icons.svg#sparkles")
  })

  it("points a name that is not in the table at no symbol of the sprite, so nothing is drawn", () => {
    const { container } = render(<Icon name="no-such-icon" />)
    expect(container.querySelector("use")?.getAttribute("href")).toBe(
      "/static/icons.svg#no-such-icon",
    )
    expect(Object.keys(siteIcons)).not.toContain("no-such-icon")
  })

  it("keeps content and interface names apart", () => {
    const shared = Object.keys(contentIcons).filter((name) => name in uiIcons)
    expect(shared).toEqual([])
    expect(Object.keys(siteIcons)).toHaveLength(
      Object.keys(contentIcons).length + Object.keys(uiIcons).length,
    )
  })
})
