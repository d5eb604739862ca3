import { readNumber, readShare } from "./typed-number"

describe("readNumber", () => {
  it("reads numbers as people type them", () => {
    expect(readNumber("5")).toBe(5)
    expect(readNumber(" 4,5 ")).toBe(4.5)
    expect(readNumber("1 068")).toBe(1068)
    expect(readNumber("1\u202f068")).toBe(1068)
    expect(readNumber("-3")).toBe(-3)
    expect(readShare("50")).toBe(0.5)
  })

  it("tells nothing typed (undefined) from junk (NaN)", () => {
    expect(readNumber("")).toBeUndefined()
    expect(readNumber("  ")).toBeUndefined()
    expect(readNumber("5 %")).toBeNaN()
    expect(readNumber("1e3")).toBeNaN()
    expect(readNumber("1,2,3")).toBeNaN()
  })
})
