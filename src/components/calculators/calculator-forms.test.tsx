import { fireEvent, screen } from "@testing-library/react"
import React from "react"
import type { Language } from "../../i18n/languages"
import { copy, copyPattern } from "../../test/copy"
import { renderWithSite } from "../../test/render"
import { MarginForm } from "./margin-form"
import { NpsForm } from "./nps-form"
import { SampleSizeForm } from "./sample-size-form"

const field = (language: Language, name: string) =>
  screen.getByLabelText(copyPattern(language, `calculators:fields.${name}.label`))
const type = (language: Language, name: string, value: string) =>
  fireEvent.change(field(language, name), { target: { value } })
// Intl's group and percent spaces are no-break ones; the page reads them as spaces.
const level = (language: Language, percent: number) =>
  screen.getByRole("radio", {
    name: new Intl.NumberFormat(language, { style: "percent" }).format(percent / 100),
  })
const result = () => screen.getByTestId("result").textContent!.replace(/\s/g, " ")

function render(form: React.ReactElement, language: Language = "fr") {
  return renderWithSite(form, language, jest.fn(), ["calculators"])
}

/** The field's message, as the field itself points screen readers to it. */
function messageOf(input: HTMLElement) {
  expect(input).toHaveAttribute("aria-invalid", "true")
  const id = input.getAttribute("aria-describedby")!
  return document.getElementById(id)?.textContent
}

beforeEach(() => window.history.replaceState(null, "", "/ressources/taille-echantillon"))

describe("SampleSizeForm", () => {
  it("updates the answer as a field changes, in the page's number format", () => {
    render(<SampleSizeForm />)
    expect(result()).toBe("385")
    type("fr", "margin", "3")
    expect(result()).toBe("1 068")
    type("fr", "population", "1000")
    expect(result()).toBe("517")
    fireEvent.click(level("fr", 99))
    expect(result()).toBe("649")
  })

  it("formats the answer in English with a comma", () => {
    render(<SampleSizeForm />, "en")
    type("en", "margin", "3")
    expect(result()).toBe("1,068")
  })

  it("refuses a margin of 0 or 100 % next to the field, never showing NaN", () => {
    render(<SampleSizeForm />)
    for (const margin of ["0", "100", "abc", ""]) {
      type("fr", "margin", margin)
      expect(messageOf(field("fr", "margin"))).toBe(
        copy("fr", "calculators:errors.margin_out_of_range"),
      )
      expect(result()).toBe("–")
    }
    type("fr", "margin", "4,5")
    expect(field("fr", "margin")).not.toHaveAttribute("aria-invalid")
    expect(result()).toBe("475")
  })

  it("keeps its inputs in the query, and reads them back on arrival", () => {
    const { unmount } = render(<SampleSizeForm />)
    type("fr", "margin", "3")
    type("fr", "population", "10000")
    fireEvent.click(level("fr", 90))
    const shared = new URLSearchParams(window.location.search)
    expect(Object.fromEntries(shared)).toEqual({
      confidence: "90",
      margin: "3",
      proportion: "50",
      population: "10000",
    })
    expect(window.location.pathname).toBe("/ressources/taille-echantillon")
    unmount()
    render(<SampleSizeForm />)
    expect(field("fr", "margin")).toHaveValue("3")
    expect(field("fr", "population")).toHaveValue("10000")
    expect(level("fr", 90)).toBeChecked()
    expect(result()).toBe("700")
  })
})

describe("MarginForm", () => {
  it("gives the margin of a sample, with and without a population", () => {
    render(<MarginForm />, "en")
    expect(result()).toBe("± 4.9%")
    type("en", "population", "1000")
    expect(result()).toBe("± 3.8%")
  })

  it("refuses a population smaller than the sample next to the population", () => {
    render(<MarginForm />)
    type("fr", "population", "300")
    expect(messageOf(field("fr", "population"))).toBe(
      copy("fr", "calculators:errors.population_below_sample"),
    )
    expect(result()).toBe("–")
  })
})

describe("NpsForm", () => {
  it("gives the score and its margin at the chosen confidence", () => {
    render(<NpsForm />)
    expect(result()).toBe("30 ± 15,3")
    type("fr", "detractors", "50")
    // 50 - 50 of 130 answers: 0 ± 1.96 × √((100/130) / 130) × 100 = 15.1
    expect(result()).toBe("0 ± 15,1")
  })

  it("refuses negative counts and no answers at all, next to the fields", () => {
    render(<NpsForm />, "de")
    type("de", "passives", "-3")
    expect(messageOf(field("de", "passives"))).toBe(copy("de", "calculators:errors.negative_count"))
    for (const name of ["promoters", "passives", "detractors"]) type("de", name, "0")
    expect(messageOf(field("de", "promoters"))).toBe(copy("de", "calculators:errors.no_responses"))
    expect(result()).toBe("–")
  })
})
