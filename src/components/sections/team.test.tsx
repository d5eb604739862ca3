import { initials } from "./team"

describe("initials avatars", () => {
  it("use the name's first and last initials, or the role's while the name is a placeholder", () => {
    expect(initials({ name: "Claire Martin", role: "Directrice des études" })).toBe("CM")
    expect(initials({ name: "Jean-Luc de la Fontaine", role: "x" })).toBe("JF")
    expect(initials({ name: "Zoë", role: "x" })).toBe("Z")
    expect(initials({ name: "[Prénom Nom]", role: "Responsable du panel Click&Win" })).toBe("R")
  })
})
