// The panel estimate's inputs as the page keeps them: text as typed, in the page's query
// (`?markets=AE,SA&incidence=30...`), read as the estimate's inputs only when computing.
import type { PanelInputs } from "../../../content-kit/estimate/panel-inputs"
import { readNumber, required } from "../calculators/typed-number"

export const panelDefaults = {
  markets: "AE",
  criteria: "",
  incidence: "50",
  lengthMinutes: "10",
  completesPerMarket: "500",
  quotas: "",
  fieldDays: "10",
}
export type PanelValues = typeof panelDefaults

/** A list kept as "AE,SA": empty is none. */
export const listOf = (text: string) => (text === "" ? [] : text.split(","))

/** Adds or removes one code of a list, keeping the order the options are offered in. */
export function toggled(text: string, code: string, on: boolean, order: string[]): string {
  const chosen = new Set(listOf(text))
  if (on) chosen.add(code)
  else chosen.delete(code)
  return order.filter((option) => chosen.has(option)).join(",")
}

export function panelInputsOf(values: PanelValues): PanelInputs {
  return {
    markets: listOf(values.markets),
    criteria: listOf(values.criteria),
    incidence: required(readNumber(values.incidence)),
    lengthMinutes: required(readNumber(values.lengthMinutes)),
    completesPerMarket: required(readNumber(values.completesPerMarket)),
    quotas: values.quotas === "1",
    fieldDays: required(readNumber(values.fieldDays)),
  }
}
