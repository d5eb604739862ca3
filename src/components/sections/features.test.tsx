import { screen } from "@testing-library/react"
import React from "react"
import { renderWithSite } from "../../test/render"
import { Features } from "./features"

describe("Features", () => {
  it("shows an item's link under its text, in the page's language", () => {
    const link = { label: "The calculator", to: "/ressources/calculateur-nps" }
    renderWithSite(
      <Features
        items={[
          { title: "NPS", text: "Built in.", link },
          { title: "A/B", text: "Too." },
        ]}
      />,
      "en",
    )
    expect(screen.getAllByRole("link")).toHaveLength(1)
    expect(screen.getByRole("link", { name: "The calculator" })).toHaveAttribute(
      "href",
      "/en/ressources/calculateur-nps",
    )
  })
})
