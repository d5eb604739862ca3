import { panelDefaults, panelInputsOf, toggled } from "./panel-query"

describe("the panel estimate's query", () => {
  it("reads the text as typed as the estimate's inputs", () => {
    expect(
      panelInputsOf({
        ...panelDefaults,
        markets: "AE,SA",
        criteria: "gender",
        incidence: "12,5",
        completesPerMarket: "1 000",
        quotas: "1",
      }),
    ).toEqual({
      markets: ["AE", "SA"],
      criteria: ["gender"],
      incidence: 12.5,
      lengthMinutes: 10,
      completesPerMarket: 1000,
      quotas: true,
      fieldDays: 10,
    })
  })

  it("leaves nothing typed and junk to the estimate to refuse", () => {
    const inputs = panelInputsOf({ ...panelDefaults, markets: "", fieldDays: "", incidence: "x" })
    expect(inputs.markets).toEqual([])
    expect(inputs.fieldDays).toBeNaN()
    expect(inputs.incidence).toBeNaN()
    expect(inputs.quotas).toBe(false)
  })

  it("adds and removes a code in the order the options are offered", () => {
    const order = ["AE", "SA", "EG"]
    expect(toggled("EG", "AE", true, order)).toBe("AE,EG")
    expect(toggled("AE,EG", "AE", false, order)).toBe("EG")
    expect(toggled("AE", "AE", true, order)).toBe("AE")
  })
})
