import { isKnownPath } from "../../../content-kit/page-routes"
import { headerAction, headerEntries, isGroup, navigation } from "./navigation"

const links = navigation.flatMap((entry) => (isGroup(entry) ? entry.items : [entry]))

describe("the navigation model", () => {
  it("leads only to pages of the route table or to the home page's anchors", () => {
    for (const link of links)
      expect([
        link.to,
        isKnownPath(link.to, []) || /^\/#(solutions|process)$/.test(link.to),
      ]).toEqual([link.to, true])
  })

  it("gives the header everything but the mobile-only anchors, and contact as its button", () => {
    expect(headerEntries.map((entry) => entry.label)).toEqual([
      "nav.home",
      "nav.productGroup",
      "nav.solutions",
      "nav.resources",
      "nav.about",
    ])
    expect(headerAction.to).toBe("/contact")
    expect(links.filter((link) => link.placement === "mobile").map((link) => link.to)).toEqual([
      "/#solutions",
      "/#process",
    ])
  })
})
